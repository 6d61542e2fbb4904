import type { PageRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { DimReport } from '../components/dim-report';
import { PAGE_METRICS } from '../model/metric-sets';

/** `/site/content/domain` 受访域名: the hosts of a site served on several domains. */
export default function ContentDomainPage() {
  const { t } = useTranslation();
  return (
    <DimReport<PageRow>
      title="contentDomain"
      config={{
        name: 'contentDomain',
        defaultSort: '-pv',
        rankedBy: 'pv',
        keyTitle: t('reports.column.domain'),
        metrics: PAGE_METRICS,
        chart: { kind: 'pie', metric: 'pv' },
      }}
    />
  );
}
