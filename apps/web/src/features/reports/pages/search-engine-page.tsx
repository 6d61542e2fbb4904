import { type DimRow, engineName } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { DimReport } from '../components/dim-report';
import { DIM_METRICS } from '../model/metric-sets';
import { usePlaceLocale } from '../model/place-locale';

/** `/site/refer/search_engine` 搜索引擎: Baidu, Google, Bing, Sogou, 360, Shenma... */
export default function SearchEnginePage() {
  const { t } = useTranslation();
  const locale = usePlaceLocale();
  return (
    <DimReport<DimRow>
      title="searchEngine"
      config={{
        name: 'searchEngine',
        defaultSort: '-visits',
        keyTitle: t('reports.column.engine'),
        keyLabel: (key) => engineName(key, locale),
        metrics: DIM_METRICS,
        chart: { kind: 'pie', metric: 'visits' },
      }}
    />
  );
}
