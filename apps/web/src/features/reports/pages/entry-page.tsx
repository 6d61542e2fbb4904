import type { DimRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { DimReport } from '../components/dim-report';
import { UrlText } from '../components/url-text';
import { DIM_METRICS } from '../model/metric-sets';

/** `/site/content/src` 入口页面: where visits begin, with their visits and bounce rate. */
export default function EntryPagePage() {
  const { t } = useTranslation();
  return (
    <DimReport<DimRow>
      title="entryPage"
      config={{
        name: 'entryPage',
        defaultSort: '-visits',
        keyTitle: t('reports.column.entryPage'),
        renderKey: (key) => <UrlText url={key} />,
        metrics: DIM_METRICS,
      }}
    />
  );
}
