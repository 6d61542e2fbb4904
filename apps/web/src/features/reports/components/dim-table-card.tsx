import type { Metrics, Period, ReportName } from '@tally/contracts';
import { Col, Row, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/charts/echart';
import type { PageResult } from '../../../lib/page-result';
import type { ReportParams } from '../api/use-report';
import { type ReportTableModel, useReportTable } from '../api/use-report-table';
import { barOption, pieOption } from '../charts/options';
import { useRangeStore } from '../model/range-store';
import { ExportButton } from './export-button';
import { type FigureRow, metricColumns } from './metric-columns';

/** A row of a one-dimension table: the dimension's value and its figures. */
export type KeyedRow = FigureRow & { key: string };

import { ReportCard } from './report-page';
import { ReportTable } from './report-table';

/** What a one-dimension table answers (contracts reportTableSchema). */
export type DimAnswer<R> = PageResult<R> & {
  period: Period;
  summary: Metrics;
  previous_summary: Metrics | null;
};

export interface DimTableConfig<R extends KeyedRow> {
  name: ReportName;
  defaultSort: string;
  /** Heading of the key column (page, engine, keyword...). */
  keyTitle: string;
  /** How a key reads in the table; charts use `keyLabel`. */
  renderKey?: (key: string, row: R) => ReactNode;
  keyLabel?: (key: string) => string;
  metrics: readonly string[];
  extraColumns?: TableColumnType<R>[];
  chart?: { kind: 'pie' | 'bar'; metric: string };
  filters?: ReportParams;
}

export function useDimTable<R extends KeyedRow>(config: DimTableConfig<R>) {
  return useReportTable<DimAnswer<R>>(config.name, config.defaultSort, config.filters);
}

/** A report table with its chart of the rows on screen and a CSV export of all of them. */
export function DimTableCard<R extends KeyedRow>({
  config,
  table,
  title,
}: {
  config: DimTableConfig<R>;
  table: ReportTableModel<DimAnswer<R>>;
  title?: ReactNode;
}) {
  const { t } = useTranslation();
  const compare = useRangeStore((s) => s.compare);
  const label = config.keyLabel ?? ((key: string) => key);
  const columns: TableColumnType<R>[] = [
    {
      key: 'key',
      dataIndex: 'key',
      title: config.keyTitle,
      sorter: true,
      className: 'key-column',
      render: (key: string, row: R) => (config.renderKey ? config.renderKey(key, row) : label(key)),
    },
    ...(config.extraColumns ?? []),
    ...metricColumns<R>(config.metrics, t, compare),
  ];
  const rows = table.query.data?.list ?? [];
  const chart = config.chart;
  const slices = chart
    ? rows.slice(0, 10).map((row) => ({
        name: label(row.key),
        value: Number((row as Record<string, unknown>)[chart.metric] ?? 0),
      }))
    : [];
  const tableNode = (
    <ReportTable<R, DimAnswer<R>>
      table={table}
      columns={columns}
      rowKey="key"
      testId={`table-${config.name}`}
    />
  );
  return (
    <ReportCard title={title} extra={<ExportButton name={config.name} params={table.params} />}>
      {chart && slices.length > 0 ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={9}>
            <EChart
              option={
                chart.kind === 'pie' ? pieOption(slices, chart.metric) : barOption(slices, chart.metric)
              }
              height={300}
              testId={`chart-${config.name}`}
            />
          </Col>
          <Col xs={24} xl={15}>
            {tableNode}
          </Col>
        </Row>
      ) : (
        tableNode
      )}
    </ReportCard>
  );
}
