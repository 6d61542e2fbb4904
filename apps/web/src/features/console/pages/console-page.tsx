import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useConsole } from '../api';
import { DayChart } from '../components/day-chart';
import { FigureTiles } from '../components/figure-tiles';
import { LatestAudit } from '../components/latest-audit';
import '../console.css';
import '../messages';

const CHARTS = [
  { series: 'new_users', title: 'console.newUsers', type: 'bar', testId: 'console-new-users' },
  { series: 'events', title: 'console.events', type: 'line', testId: 'console-events' },
] as const;

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
            {CHARTS.map((chart) => (
              <Col xs={24} lg={12} key={chart.testId}>
                <Card className="page-card" title={t(chart.title)} extra={t('console.days')}>
                  <DayChart
                    days={data.days}
                    values={data[chart.series]}
                    name={t(chart.title)}
                    type={chart.type}
                    testId={chart.testId}
                  />
                </Card>
              </Col>
            ))}
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
