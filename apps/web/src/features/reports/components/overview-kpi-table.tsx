import type { Metrics, Overview } from '@tally/contracts';
import { METRIC_KEYS } from '@tally/contracts';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMetric } from '../model/format';

type Row = { key: 'today' | 'yesterday' | 'sameTime' | 'predicted'; metrics: Metrics };

/** Today, yesterday, yesterday by this time and the forecast for today, metric by metric. */
export function OverviewKpiTable({ data }: { data: Overview }) {
  const { t } = useTranslation();
  const rows: Row[] = [
    { key: 'today', metrics: data.today },
    { key: 'yesterday', metrics: data.yesterday },
    { key: 'sameTime', metrics: data.same_time_yesterday },
    { key: 'predicted', metrics: data.predicted },
  ];
  return (
    <Table<Row>
      className="overview-table"
      size="small"
      rowKey="key"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      columns={[
        {
          key: 'label',
          title: '',
          fixed: 'left',
          render: (_, row) => <strong>{t(`reports.overview.${row.key}`)}</strong>,
        },
        ...METRIC_KEYS.map((metric) => ({
          key: metric,
          title: t(`reports.metric.${metric}`),
          align: 'right' as const,
          render: (_: unknown, row: Row) => (
            <span data-testid={`overview-${row.key}-${metric}`}>
              {formatMetric(metric, row.metrics[metric])}
            </span>
          ),
        })),
      ]}
      data-testid="overview-kpis"
    />
  );
}
