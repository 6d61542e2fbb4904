import type { DimRow } from '@tally/contracts';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DimTableCard, type DimTableConfig, useDimTable } from '../components/dim-table-card';
import { KpiCards } from '../components/kpi-cards';
import { ReportPage } from '../components/report-page';
import { UrlText } from '../components/url-text';
import { DIM_METRICS } from '../model/metric-sets';

/** `/site/refer/total` 来路网站: referring domains, and the pages on them. */
export default function ReferTotalPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'domains' | 'pages'>('domains');
  const domains: DimTableConfig<DimRow> = {
    name: 'referDomain',
    defaultSort: '-visits',
    keyTitle: t('reports.column.domain'),
    metrics: DIM_METRICS,
    chart: { kind: 'bar', metric: 'visits' },
  };
  const pages: DimTableConfig<DimRow> = {
    name: 'referPage',
    defaultSort: '-visits',
    keyTitle: t('reports.column.referrer'),
    renderKey: (key) => <UrlText url={key} />,
    metrics: DIM_METRICS,
  };
  const domainTable = useDimTable(domains);
  const pageTable = useDimTable(pages);
  const shown = tab === 'domains' ? domainTable : pageTable;
  const data = shown.query.data;
  return (
    <ReportPage title="referTotal" period={data?.period}>
      <KpiCards
        metrics={data?.summary}
        previous={data?.previous_summary}
        keys={['pv', 'uv', 'ip', 'visits']}
      />
      <Tabs
        className="report-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key === 'pages' ? 'pages' : 'domains')}
        items={[
          {
            key: 'domains',
            label: t('reports.referTotal.domains'),
            children: <DimTableCard config={domains} table={domainTable} />,
          },
          {
            key: 'pages',
            label: t('reports.referTotal.pages'),
            children: <DimTableCard config={pages} table={pageTable} />,
          },
        ]}
      />
    </ReportPage>
  );
}
