import type { AllRow, AllSites } from '@tally/contracts';
import { METRIC_KEYS } from '@tally/contracts';
import { Button, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userCell } from '../../../components/user-text';
import { useAppStore } from '../../../stores/app';
import { useReportTable } from '../api';
import { lineOption } from '../charts/options';
import { ReportChart } from '../charts/report-chart';
import { ExportButton } from '../components/export-button';
import { KpiCards } from '../components/kpi-cards';
import { metricColumns } from '../components/metric-columns';
import { ReportCard, ReportPage } from '../components/report-page';
import { ReportTable } from '../components/report-table';
import { useRangeStore } from '../model/range-store';
import { useReportSource } from '../model/report-source';
import { axisLabels } from '../model/time-keys';

const TREND_METRICS = ['pv', 'uv', 'ip'] as const;

/** `/site/all` 数据总览: every site side by side with the totals and one trend of them all. */
export default function AllSitesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSite = useAppStore((s) => s.setSite);
  const { preview } = useReportSource();
  const compare = useRangeStore((s) => s.compare);
  const granularity = useRangeStore((s) => s.granularity);
  const table = useReportTable('all', '-pv', { granularity });
  const data = table.query.data;
  const option = useMemo(() => {
    const points = data?.trend ?? [];
    return lineOption(
      axisLabels(points.map((p) => p.key)),
      TREND_METRICS.map((m) => ({ name: t(`reports.metric.${m}`), values: points.map((p) => p[m]) })),
      'pv',
    );
  }, [data, t]);
  const columns: TableColumnType<AllRow>[] = [
    {
      key: 'name',
      title: t('reports.column.site'),
      sorter: true,
      // Site names are their owners' words: user data (components/user-text.tsx).
      onCell: userCell,
      render: (_, row) =>
        preview ? (
          row.site.name
        ) : (
          <Button
            type="link"
            className="site-link"
            onClick={() => {
              setSite({ id: row.site.id, name: row.site.name, domain: row.site.domain });
              navigate('/site/overview');
            }}
          >
            {row.site.name}
          </Button>
        ),
    },
    ...metricColumns<AllRow>(METRIC_KEYS, t, compare, { current: (row) => row.current }),
  ];
  return (
    <ReportPage title="all" withGranularity>
      <KpiCards
        metrics={data?.totals}
        previous={data?.previous_totals}
        keys={METRIC_KEYS}
        loading={table.query.isFetching}
      />
      <ReportCard title={t('reports.all.trend')}>
        <ReportChart spec={option} height={300} testId="chart-all" />
      </ReportCard>
      <ReportCard extra={<ExportButton name="all" params={table.params} />}>
        <ReportTable<AllRow, AllSites>
          table={table}
          columns={columns}
          rowKey={(row) => String(row.site.id)}
          testId="table-all"
        />
      </ReportCard>
    </ReportPage>
  );
}
