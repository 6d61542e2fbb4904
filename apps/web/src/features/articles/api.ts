import {
  type ARTICLE_SORTS,
  ARTICLE_STATUSES,
  ARTICLES_API,
  type ArticleListQuery,
  type ArticleStatus,
  type PublicArticleDetail,
  type PublicArticleList,
  type PublicArticleQuery,
} from '@tally/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, caller } from '../../lib/request';

/** Every admin article query starts with this key, so one invalidation refreshes them all. */
export const ARTICLES_KEY = ['admin-articles'] as const;

const CATEGORIES_KEY = [...ARTICLES_KEY, 'categories'] as const;

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

// ---- Back office (article editors) ----

export const getArticles = (query: ArticleListQuery) => call(ARTICLES_API.fetch, query);

export const getArticle = (id: number) => call(ARTICLES_API.detail, { id }, { quietStatuses: [404] });

/** One article with its content, for the editor (drafts included). */
export const useArticle = (id: number | null) =>
  useQuery({
    queryKey: [...ARTICLES_KEY, 'detail', id],
    queryFn: () => getArticle(id!),
    enabled: id !== null,
  });

export const saveArticle = caller(ARTICLES_API.save);

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: (article) => {
      void queryClient.invalidateQueries({ queryKey: ARTICLES_KEY });
      queryClient.setQueryData([...ARTICLES_KEY, 'detail', article.id], article);
    },
  });
}

/**
 * Changes to articles or categories: each refreshes every article query when it succeeds (article
 * rows show category names, and the lists' filters show categories).
 */
export function useArticleMutation<T, R>(mutate: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ARTICLES_KEY }),
  });
}

export const useDeleteArticles = () => useArticleMutation(caller(ARTICLES_API.del));

/** Publish or unpublish. */
export const useSwitchArticle = () => useArticleMutation(caller(ARTICLES_API.switch));

export const usePinArticle = () => useArticleMutation(caller(ARTICLES_API.pin));

/** Categories are few (an editor's list): one page of up to 200 holds them all. */
export const useCategories = () =>
  useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: () => call(ARTICLES_API.categoryFetch, { page: 1, limit: 200 }).then((d) => d.list),
  });

export const useSaveCategory = () => useArticleMutation(caller(ARTICLES_API.categorySave));

export const useDeleteCategories = () => useArticleMutation(caller(ARTICLES_API.categoryDel));

// ---- Public ----

/** The public fetch answers one article (with its content) when given an `id`, else a page. */
const isDetail = (data: PublicArticleDetail | PublicArticleList): data is PublicArticleDetail =>
  'content' in data;

export async function getPublicArticles(query: PublicArticleQuery): Promise<PublicArticleList> {
  const data = await call(ARTICLES_API.publicFetch, query);
  if (isDetail(data)) throw new Error('articles: a list was asked for, one article came back');
  return data;
}

export const usePublicArticles = (query: PublicArticleQuery) =>
  useQuery({
    queryKey: ['public-articles', query],
    queryFn: () => getPublicArticles(query),
    placeholderData: keepPreviousData,
  });

export async function getPublicArticle(id: string): Promise<PublicArticleDetail> {
  const data = await call(ARTICLES_API.publicFetch, { id }, { quietStatuses: [404] });
  if (!isDetail(data)) throw new Error('articles: one article was asked for, a list came back');
  return data;
}

/** One published article; the server counts a view for each fetch, so it is fetched once per visit. */
export const usePublicArticle = (id: string | null) =>
  useQuery({
    queryKey: ['public-article', id],
    queryFn: () => getPublicArticle(id!),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePublicCategories = () =>
  useQuery({
    queryKey: ['public-categories'],
    queryFn: () => call(ARTICLES_API.publicCategories).then((d) => d.list),
    staleTime: 60_000,
  });
