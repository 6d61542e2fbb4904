import type { DimRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { DimReport } from '../components/dim-report';
import { DIM_METRICS } from '../model/metric-sets';

/** `/site/refer/comId` 来源分类: direct, search engines, AI assistants, social, external links. */
export default function ReferCategoryPage() {
  const { t } = useTranslation();
  return (
    <DimReport<DimRow>
      title="referCategory"
      config={{
        name: 'referCategory',
        defaultSort: '-visits',
        keyTitle: t('reports.column.category'),
        keyLabel: (key) => t(`reports.category.${key}`, { defaultValue: key }),
        metrics: DIM_METRICS,
        chart: { kind: 'pie', metric: 'visits' },
      }}
    />
  );
}
