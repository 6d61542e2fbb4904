import { METRIC_KEYS, type Overview } from '@tally/contracts';
import { Grid, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { byPeriod, Figure, PERIODS, type Period } from './overview-figures';
import { OverviewKpiList } from './overview-kpi-list';

/** Today, yesterday, yesterday by this time and the forecast for today, metric by metric. */
export function OverviewKpiTable({ data }: { data: Overview }) {
  const { t } = useTranslation();
  // Below antd's md breakpoint (768 px) the seven metric columns do not fit: a list instead.
  const narrow = Grid.useBreakpoint().md === false;
  if (narrow) return <OverviewKpiList data={data} />;
  const figures = byPeriod(data);
  return (
    <Table<{ period: Period }>
      className="overview-table"
      size="small"
      rowKey="period"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={PERIODS.map((period) => ({ period }))}
      columns={[
        {
          key: 'label',
          title: '',
          fixed: 'left',
          render: (_, { period }) => <strong>{t(`reports.overview.${period}`)}</strong>,
        },
        ...METRIC_KEYS.map((metric) => ({
          key: metric,
          title: t(`reports.metric.${metric}`),
          align: 'right' as const,
          render: (_: unknown, { period }: { period: Period }) => (
            <Figure period={period} metric={metric} metrics={figures[period]} />
          ),
        })),
      ]}
      data-testid="overview-kpis"
    />
  );
}
