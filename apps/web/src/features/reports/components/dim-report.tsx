import { useTranslation } from 'react-i18next';
import { DimTableCard, type DimTableConfig, type KeyedRow, useDimTable } from './dim-table-card';
import { KpiCards, type MetricName } from './kpi-cards';
import { ReportPage, type ReportTitle } from './report-page';

const SUMMARY_KPIS: MetricName[] = ['pv', 'uv', 'ip', 'visits'];

/** A whole one-dimension report page: the site's totals, then the table (and chart) of the dimension. */
export function DimReport<R extends KeyedRow>({
  title,
  config,
  kpis = SUMMARY_KPIS,
}: {
  title: ReportTitle;
  config: DimTableConfig<R>;
  kpis?: MetricName[];
}) {
  const { t } = useTranslation();
  const table = useDimTable(config);
  const data = table.query.data;
  return (
    <ReportPage title={title} period={data?.period}>
      <KpiCards
        metrics={data?.summary}
        previous={data?.previous_summary}
        keys={kpis}
        loading={table.query.isFetching}
      />
      <DimTableCard config={config} table={table} title={t(`reports.title.${title}`)} />
    </ReportPage>
  );
}
