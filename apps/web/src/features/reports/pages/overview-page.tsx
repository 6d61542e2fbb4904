import { placeName } from '@tally/contracts';
import { Button, Col, Row, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserStore } from '../../../stores/user';
import { useReport } from '../api';
import { lineOption, pieOption } from '../charts/options';
import { ReportChart } from '../charts/report-chart';
import type { MetricName } from '../components/kpi-cards';
import { MetricPicker } from '../components/metric-picker';
import { OnlineCard } from '../components/online-card';
import { OverviewKpiTable } from '../components/overview-kpi-table';
import { ReportCard, ReportPage } from '../components/report-page';
import { TopList } from '../components/top-list';
import { TopListsNote } from '../components/top-per-day-notice';
import { UrlText } from '../components/url-text';
import { usePlaceLocale } from '../model/place-locale';
import { useRangeParams } from '../model/range-store';
import { useReportSource } from '../model/report-source';

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/** `/site/overview` 站点概况: today at a glance, by the hour, the top lists and who is online. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const locale = usePlaceLocale();
  const params = useRangeParams();
  const overview = useReport('overview', params);
  const data = overview.data;
  const [metric, setMetric] = useState<MetricName>('pv');
  // Clients read this page only; the full reports are for the site's owner.
  const isClient = useUserStore((s) => s.is_client === 1);
  const { preview } = useReportSource();
  const linksAllowed = !isClient && !preview;

  const hourly = useMemo(
    () =>
      lineOption(
        HOURS,
        [
          {
            name: t('reports.overview.today'),
            values: (data?.hours ?? []).map((h) => h.today?.[metric] ?? null),
          },
          {
            name: t('reports.overview.yesterday'),
            values: (data?.hours ?? []).map((h) => h.yesterday[metric]),
            dashed: true,
          },
        ],
        metric,
      ),
    [data, metric, t],
  );
  const visitorTypes = useMemo(
    () =>
      pieOption(
        [
          { name: t('reports.visitorType.new'), value: data?.visitor_types.new.visits ?? 0 },
          { name: t('reports.visitorType.returning'), value: data?.visitor_types.returning.visits ?? 0 },
        ],
        'visits',
      ),
    [data, t],
  );
  const more = (to: string) =>
    linksAllowed ? (
      <Link to={to}>
        <Button type="link" size="small">
          {t('reports.overview.more')}
        </Button>
      </Link>
    ) : null;

  const tops = data
    ? [
        {
          title: 'topPages',
          more: '/site/content/comId',
          metric: 'pv',
          testId: 'top-pages',
          items: data.top_pages.map((r) => ({
            key: r.key,
            label: <UrlText url={r.key} pathOnly />,
            value: r.pv,
            ratio: r.ratio,
          })),
        },
        {
          title: 'topReferrers',
          more: '/site/refer/total',
          metric: 'visits',
          testId: 'top-referrers',
          items: data.top_referrers.map((r) => ({
            key: r.key,
            label: r.key,
            value: r.visits,
            ratio: r.ratio,
          })),
        },
        {
          title: 'topAreas',
          more: '/site/visitors/area',
          metric: 'visits',
          testId: 'top-areas',
          items: data.top_areas.map((r) => ({
            key: r.key,
            label: placeName(r.key, locale),
            value: r.visits,
            ratio: r.ratio,
          })),
        },
      ]
    : [];

  if (!data) {
    return (
      <ReportPage title="overview">
        <Skeleton active paragraph={{ rows: 10 }} className="kpi-skeleton" />
      </ReportPage>
    );
  }
  return (
    <ReportPage title="overview" period={data.period}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={18}>
          <ReportCard>
            <OverviewKpiTable data={data} />
          </ReportCard>
        </Col>
        <Col xs={24} xl={6}>
          <OnlineCard initial={data.online} />
        </Col>
      </Row>
      <ReportCard
        title={t('reports.overview.hourly')}
        extra={<MetricPicker value={metric} onChange={setMetric} />}
      >
        <ReportChart spec={hourly} height={300} testId="chart-hourly" />
      </ReportCard>
      <TopListsNote topPerDay={data.top_per_day} />
      <Row gutter={[16, 16]}>
        {tops.map((top) => (
          <Col key={top.testId} xs={24} lg={12}>
            <ReportCard title={t(`reports.overview.${top.title}`)} extra={more(top.more)}>
              <TopList metric={top.metric} testId={top.testId} items={top.items} />
            </ReportCard>
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <ReportCard title={t('reports.overview.visitorTypes')}>
            <ReportChart spec={visitorTypes} height={260} testId="chart-visitor-types" />
          </ReportCard>
        </Col>
      </Row>
    </ReportPage>
  );
}
