import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { formatMetric } from '../model/format';
import { ChangeTag } from './kpi-cards';

/** A table row with figures by metric name and, when compared, the previous period's. */
export type FigureRow = { previous?: object | null } & object;

function figure(row: object | null | undefined, metric: string): number | undefined {
  const value = (row as Record<string, unknown> | null | undefined)?.[metric];
  return typeof value === 'number' ? value : undefined;
}

/** Sortable metric columns; with a comparison each cell also shows the previous figure and the change. */
export function metricColumns<Row extends FigureRow>(
  metrics: readonly string[],
  t: TFunction,
  compare: boolean,
  options: { sortable?: boolean; current?: (row: Row) => object } = {},
): TableColumnType<Row>[] {
  const current = options.current ?? ((row: Row) => row);
  return metrics.map((metric) => ({
    key: metric,
    dataIndex: metric,
    title: t(`reports.metric.${metric}`),
    align: 'right',
    // The share is a function of the sorted figure, so the server does not sort by it.
    sorter: metric !== 'ratio' && (options.sortable ?? true),
    sortDirections: ['descend', 'ascend'],
    render: (_: unknown, row: Row) => {
      const value = figure(current(row), metric);
      const previous = figure(row.previous, metric);
      return (
        <div className="metric-cell">
          <div>{formatMetric(metric, value)}</div>
          {compare && metric !== 'ratio' && (
            <div className="metric-previous">
              {formatMetric(metric, previous)}{' '}
              <ChangeTag metric={metric} current={value ?? 0} previous={previous} />
            </div>
          )}
        </div>
      );
    },
  }));
}
