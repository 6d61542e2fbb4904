import type { DimRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { DimReport } from '../components/dim-report';
import { DIM_METRICS } from '../model/metric-sets';

/** `/site/refer/search_engine` 搜索引擎: Baidu, Google, Bing, Sogou, 360, Shenma... */
export default function SearchEnginePage() {
  const { t } = useTranslation();
  return (
    <DimReport<DimRow>
      title="searchEngine"
      config={{
        name: 'searchEngine',
        defaultSort: '-visits',
        keyTitle: t('reports.column.engine'),
        metrics: DIM_METRICS,
        chart: { kind: 'pie', metric: 'visits' },
      }}
    />
  );
}
