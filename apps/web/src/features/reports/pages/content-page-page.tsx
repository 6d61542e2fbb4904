import type { PageRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { DimReport } from '../components/dim-report';
import { UrlText } from '../components/url-text';
import { PAGE_METRICS } from '../model/metric-sets';

/** `/site/content/comId` 受访页面: page views, visitors, average time and exit rate per page. */
export default function ContentPagePage() {
  const { t } = useTranslation();
  return (
    <DimReport<PageRow>
      title="contentPage"
      config={{
        name: 'contentPage',
        defaultSort: '-pv',
        rankedBy: 'pv',
        keyTitle: t('reports.column.page'),
        renderKey: (key) => <UrlText url={key} />,
        metrics: PAGE_METRICS,
      }}
    />
  );
}
