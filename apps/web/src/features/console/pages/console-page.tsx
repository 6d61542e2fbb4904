import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useConsole } from '../api/get-console';
import { DayChart } from '../components/day-chart';
import { FigureTiles } from '../components/figure-tiles';
import { LatestAudit } from '../components/latest-audit';
import '../console.css';
import '../messages';

/** `/dashboard` for admins, 控制台: the platform's figures, 30 days of growth and the latest operations. */
export default function ConsolePage() {
  const { t } = useTranslation();
  const query = useConsole();
  const data = query.data;
  return (
    <div className="console-page" data-testid="console">
      <Card className="page-card">
        <PageHeader title={t('console.title')}>
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => query.refetch()}>
            {t('console.refresh')}
          </Button>
        </PageHeader>
        {query.isError && !data ? (
          <Result status="warning" title={t('console.loadFailed')} />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <>
            <FigureTiles figures={data.figures} />
            <div className="console-zone">{t('console.zone', { zone: data.timezone })}</div>
          </>
        )}
      </Card>
      {data && (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card className="page-card" title={t('console.newUsers')} extra={t('console.days')}>
                <DayChart
                  days={data.days}
                  values={data.new_users}
                  name={t('console.newUsers')}
                  type="bar"
                  testId="console-new-users"
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card className="page-card" title={t('console.events')} extra={t('console.days')}>
                <DayChart
                  days={data.days}
                  values={data.events}
                  name={t('console.events')}
                  type="line"
                  testId="console-events"
                />
              </Card>
            </Col>
          </Row>
          <Card
            className="page-card"
            title={t('console.latestAudit')}
            extra={<Link to="/admin/auditLog">{t('console.allAudit')}</Link>}
          >
            <LatestAudit rows={data.audit} />
          </Card>
        </>
      )}
    </div>
  );
}
