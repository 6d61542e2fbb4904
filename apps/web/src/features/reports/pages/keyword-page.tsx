import type { DimRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { DimReport } from '../components/dim-report';
import { DIM_METRICS } from '../model/metric-sets';

/** `/site/refer/keyword` 搜索词. */
export default function KeywordPage() {
  const { t } = useTranslation();
  return (
    <DimReport<DimRow>
      title="keyword"
      config={{
        name: 'keyword',
        defaultSort: '-visits',
        keyTitle: t('reports.column.keyword'),
        metrics: DIM_METRICS,
        chart: { kind: 'bar', metric: 'visits' },
      }}
    />
  );
}
