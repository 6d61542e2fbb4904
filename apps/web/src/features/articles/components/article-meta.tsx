import { EyeOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_CONTENT } from '../../../components/user-text';
import { formatDate } from '../../../lib/formatters';

interface Props {
  publishAt: string;
  views: number;
  categoryName: string | null;
  pinned?: boolean;
}

/** Date, category, views and the pinned mark under an article's title. */
export function ArticleMeta({ publishAt, views, categoryName, pinned }: Props) {
  const { t } = useTranslation();
  return (
    <Space wrap size={[12, 4]} className="article-meta">
      {pinned && <Tag color="red">{t('articlesPublic.pinned')}</Tag>}
      <time dateTime={publishAt}>{formatDate(publishAt, '{y}-{m}-{d} {h}:{i}')}</time>
      {categoryName && <Tag {...USER_CONTENT}>{categoryName}</Tag>}
      <span>
        <EyeOutlined /> {t('articlesPublic.views', { count: views })}
      </span>
    </Space>
  );
}
