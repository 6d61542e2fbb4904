import { useTranslation } from 'react-i18next';
import type { ReportData } from '../api';
import {
  type DimReportName,
  DimTableCard,
  type DimTableConfig,
  type KeyedRow,
  useDimTable,
} from './dim-table-card';
import { KpiCards, type MetricName } from './kpi-cards';
import { ReportPage, type ReportTitle } from './report-page';
import type { TopPerDayExtras } from './top-per-day-notice';

const SUMMARY_KPIS: MetricName[] = ['pv', 'uv', 'ip', 'visits'];

/** A whole one-dimension report page: the site's totals, then the table (and chart) of the dimension. */
export function DimReport<R extends KeyedRow, N extends DimReportName<R> = DimReportName<R>>({
  title,
  config,
  kpis = SUMMARY_KPIS,
  notice,
}: {
  title: ReportTitle;
  config: DimTableConfig<R> & { name: N };
  kpis?: MetricName[];
  /** More for the notice above the table over long periods, from the fields of report N's own answer. */
  notice?: (data: ReportData<N>) => TopPerDayExtras;
}) {
  const { t } = useTranslation();
  const table = useDimTable(config);
  const data = table.query.data;
  // The answer is report N's (config.name); useDimTable only types it as the table part they share.
  const noticeExtras = data && notice?.(data as ReportData<N>);
  return (
    <ReportPage title={title} period={data?.period}>
      <KpiCards
        metrics={data?.summary}
        previous={data?.previous_summary}
        keys={kpis}
        loading={table.query.isFetching}
      />
      <DimTableCard config={config} table={table} title={t(`reports.title.${title}`)} notice={noticeExtras} />
    </ReportPage>
  );
}
