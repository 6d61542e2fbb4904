import type { Metrics, Period, ReportName } from '@tally/contracts';
import { Col, Row, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageResult } from '../../../lib/page-result';
import { type ReportData, type ReportParams, type ReportTableModel, useReportTable } from '../api';
import { barOption, pieOption } from '../charts/options';
import { ReportChart } from '../charts/report-chart';
import { useRangeStore } from '../model/range-store';
import { ExportButton } from './export-button';
import { type FigureRow, metricColumns } from './metric-columns';
import { type TopPerDayExtras, TopPerDayNotice, type TopRanking } from './top-per-day-notice';

/** A row of a one-dimension table: the dimension's value and its figures. */
export type KeyedRow = FigureRow & { key: string };

import { ReportCard } from './report-page';
import { ReportTable } from './report-table';

/** What this card shows: a page of R rows with the site's totals (contracts reportTableSchema). */
export type DimAnswer<R> = PageResult<R> & {
  period: Period;
  summary: Metrics;
  previous_summary: Metrics | null;
  /** null, or over long periods how many keys of each day the list draws from (TopPerDayNotice). */
  top_per_day: number | null;
};

/** The reports whose answer is such a table of R rows (from their declarations). */
export type DimReportName<R> = {
  [N in ReportName]: ReportData<N> extends DimAnswer<R> ? N : never;
}[ReportName];

export interface DimTableConfig<R extends KeyedRow> {
  name: DimReportName<R>;
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
  /** What the server ranks each day's keys by over long periods (top_per_day): visits unless said. */
  rankedBy?: TopRanking;
}

export function useDimTable<R extends KeyedRow>(config: DimTableConfig<R>): ReportTableModel<DimAnswer<R>> {
  // DimReportName<R> names only reports that answer DimAnswer<R>; TypeScript cannot follow that
  // through the generic R, so it is said here once.
  return useReportTable(config.name, config.defaultSort, config.filters) as ReportTableModel<DimAnswer<R>>;
}

/** A report table with its chart of the rows on screen and a CSV export of all of them. */
export function DimTableCard<R extends KeyedRow>({
  config,
  table,
  title,
  notice,
}: {
  config: DimTableConfig<R>;
  table: ReportTableModel<DimAnswer<R>>;
  title?: ReactNode;
  /** More for the notice above the table over long periods, from the report's own answer. */
  notice?: TopPerDayExtras;
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
      <TopPerDayNotice topPerDay={table.query.data?.top_per_day} rankedBy={config.rankedBy} {...notice} />
      {chart && slices.length > 0 ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={9}>
            <ReportChart
              spec={chart.kind === 'pie' ? pieOption(slices, chart.metric) : barOption(slices, chart.metric)}
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
