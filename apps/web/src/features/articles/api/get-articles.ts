import {
  type ARTICLE_SORTS,
  ARTICLE_STATUSES,
  ARTICLES_PATHS,
  type ArticleListQuery,
  type ArticleStatus,
  type articleListSchema,
} from '@tally/contracts';
import type { z } from 'zod';
import { get } from '../../../lib/request';

export type ArticlePage = z.infer<typeof articleListSchema>;

/** Every admin article query starts with this key, so one invalidation refreshes them all. */
export const ARTICLES_KEY = ['admin-articles'] as const;

export type ArticleSort = (typeof ARTICLE_SORTS)[number];
export type ArticleFilters = {
  status: ArticleStatus | undefined;
  /** 0: articles in no category. */
  category_id: number | undefined;
  pinned: 'true' | 'false' | undefined;
};
/** How the list's filters read back from the URL (use-resource-list). */
export const ARTICLE_FILTERS = {
  status: ARTICLE_STATUSES,
  category_id: 'number',
  pinned: ['true', 'false'],
} as const;

export const getArticles = (query: ArticleListQuery) => get<ArticlePage>(ARTICLES_PATHS.fetch, query);
