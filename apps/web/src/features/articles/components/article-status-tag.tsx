import type { ArticleListItem } from '@tally/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Draft, published, or published with a future time (scheduled: not public yet). */
export function ArticleStatusTag({ article }: { article: Pick<ArticleListItem, 'status' | 'publish_at'> }) {
  const { t } = useTranslation();
  if (article.status === 'draft') return <Tag>{t('content.status.draft')}</Tag>;
  const scheduled = article.publish_at !== null && new Date(article.publish_at).getTime() > Date.now();
  return scheduled ? (
    <Tag color="orange">{t('content.scheduled')}</Tag>
  ) : (
    <Tag color="green">{t('content.status.published')}</Tag>
  );
}
