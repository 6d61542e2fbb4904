import { ARTICLE_STATUSES, type ArticleListItem, type ArticleStatus } from '@tally/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/resource-table/list-search';
import type { ResourceList } from '../../../components/resource-table/use-resource-list';
import { type ArticleFilters, type ArticleSort, useCategories } from '../api';

interface Props {
  list: ResourceList<ArticleListItem, ArticleFilters, ArticleSort>;
}

/** Search, status, category and pin filters of the article list. */
export function ArticlesFilters({ list }: Props) {
  const { t } = useTranslation();
  const categories = useCategories().data ?? [];
  const value = list.filters;
  const set = list.setFilters;
  return (
    <>
      <ListSearch list={list} placeholder={t('content.search')} data-testid="articles-search" />
      <Select<ArticleStatus>
        allowClear
        className="list-filter"
        placeholder={t('content.allStatuses')}
        aria-label={t('content.allStatuses')}
        value={value.status}
        onChange={(status) => set({ status })}
        options={ARTICLE_STATUSES.map((s) => ({ value: s, label: t(`content.status.${s}`) }))}
        data-testid="articles-status"
      />
      <Select<number>
        allowClear
        className="list-filter"
        placeholder={t('content.allCategories')}
        aria-label={t('content.allCategories')}
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
        aria-label={t('content.anyPin')}
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
