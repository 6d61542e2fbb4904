import { ARTICLES_PATHS, type ArticleListQuery, type articleListSchema } from '@tally/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { get } from '../../../lib/request';

export type ArticlePage = z.infer<typeof articleListSchema>;

/** Every admin article query starts with this key, so one invalidation refreshes them all. */
export const ARTICLES_KEY = ['admin-articles'] as const;

export const getArticles = (query: ArticleListQuery) => get<ArticlePage>(ARTICLES_PATHS.fetch, query);

export const useArticles = (query: ArticleListQuery) =>
  useQuery({
    queryKey: [...ARTICLES_KEY, 'list', query],
    queryFn: () => getArticles(query),
    placeholderData: keepPreviousData,
  });
