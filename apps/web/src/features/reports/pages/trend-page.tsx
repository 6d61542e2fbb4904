import type { TrendPoint } from '@tally/contracts';
import { METRIC_KEYS } from '@tally/contracts';
import { Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api';
import { lineOption, type SeriesInput } from '../charts/options';
import { ReportChart } from '../charts/report-chart';
import { ExportButton } from '../components/export-button';
import { KpiCards, type MetricName } from '../components/kpi-cards';
import { metricColumns } from '../components/metric-columns';
import { MetricPicker } from '../components/metric-picker';
import { ReportCard, ReportPage } from '../components/report-page';
import { useRangeParams, useRangeStore } from '../model/range-store';
import { axisLabels } from '../model/time-keys';

/** `/site/trend/comId` 趋势分析: every metric by hour or day, against the previous period. */
export default function TrendPage() {
  const { t } = useTranslation();
  const params = useRangeParams(true);
  const compare = useRangeStore((s) => s.compare);
  const [metric, setMetric] = useState<MetricName>('pv');
  const trend = useReport('trend', params);
  const data = trend.data;
  const option = useMemo(() => {
    const points = data?.points ?? [];
    const series: SeriesInput[] = [
      { name: t(`reports.metric.${metric}`), values: points.map((p) => p.current[metric]) },
    ];
    if (compare && data?.previous_totals)
      series.push({
        name: t('reports.previous'),
        values: points.map((p) => p.previous?.[metric] ?? null),
        dashed: true,
      });
    return lineOption(axisLabels(points.map((p) => p.key)), series, metric);
  }, [data, metric, compare, t]);
  const columns = [
    {
      key: 'key',
      dataIndex: 'key',
      title: t(`reports.column.${data?.granularity === 'hour' ? 'hour' : 'date'}`),
    },
    ...metricColumns<TrendPoint & { previous?: object }>(METRIC_KEYS, t, compare, {
      sortable: false,
      current: (row) => row.current,
    }),
  ];
  return (
    <ReportPage title="trend" period={data?.period} withGranularity>
      <KpiCards
        metrics={data?.totals}
        previous={data?.previous_totals}
        keys={METRIC_KEYS}
        loading={trend.isFetching}
      />
      <ReportCard
        title={t('reports.title.trend')}
        extra={<MetricPicker value={metric} onChange={setMetric} />}
      >
        <ReportChart spec={option} height={320} testId="chart-trend" />
      </ReportCard>
      <ReportCard extra={<ExportButton name="trend" params={params} />}>
        <Table
          className="report-table"
          size="small"
          rowKey="key"
          loading={trend.isFetching}
          columns={columns}
          dataSource={data?.points ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 24, size: 'small', showSizeChanger: false }}
          data-testid="table-trend"
        />
      </ReportCard>
    </ReportPage>
  );
}
