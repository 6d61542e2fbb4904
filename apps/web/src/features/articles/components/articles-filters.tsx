import { ARTICLE_STATUSES, type ArticleStatus } from '@tally/contracts';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../api/categories';

export interface ArticleFilters {
  keyword?: string;
  status?: ArticleStatus;
  /** 0: articles in no category. */
  category_id?: number;
  pinned?: 'true' | 'false';
}

interface Props {
  value: ArticleFilters;
  onChange(next: ArticleFilters): void;
}

/** Search, status, category and pin filters of the article list. */
export function ArticlesFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const categories = useCategories().data ?? [];
  const set = (patch: ArticleFilters) => onChange({ ...value, ...patch });
  return (
    <>
      <Input.Search
        allowClear
        className="list-search"
        placeholder={t('content.search')}
        onSearch={(keyword) => set({ keyword: keyword.trim() || undefined })}
        data-testid="articles-search"
      />
      <Select<ArticleStatus>
        allowClear
        className="list-filter"
        placeholder={t('content.allStatuses')}
        value={value.status}
        onChange={(status) => set({ status })}
        options={ARTICLE_STATUSES.map((s) => ({ value: s, label: t(`content.status.${s}`) }))}
        data-testid="articles-status"
      />
      <Select<number>
        allowClear
        className="list-filter"
        placeholder={t('content.allCategories')}
        value={value.category_id}
        onChange={(category_id) => set({ category_id })}
        options={[
          { value: 0, label: t('content.noCategory') },
          ...categories.map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
      <Select<'true' | 'false'>
        allowClear
        className="list-filter"
        placeholder={t('content.anyPin')}
        value={value.pinned}
        onChange={(pinned) => set({ pinned })}
        options={[
          { value: 'true', label: t('content.pinnedOnly') },
          { value: 'false', label: t('content.notPinned') },
        ]}
      />
    </>
  );
}
