import {
  ARTICLES_PATHS,
  type PublicArticleDetail,
  type PublicArticleList,
  type PublicArticleQuery,
} from '@tally/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request';

export const getPublicArticles = (query: PublicArticleQuery) =>
  get<PublicArticleList>(ARTICLES_PATHS.publicFetch, query);

export const usePublicArticles = (query: PublicArticleQuery) =>
  useQuery({
    queryKey: ['public-articles', query],
    queryFn: () => getPublicArticles(query),
    placeholderData: keepPreviousData,
  });

export const getPublicArticle = (id: string) =>
  get<PublicArticleDetail>(ARTICLES_PATHS.publicFetch, { id }, { quietStatuses: [404] });

/** One published article; the server counts a view for each fetch, so it is fetched once per visit. */
export const usePublicArticle = (id: string | null) =>
  useQuery({
    queryKey: ['public-article', id],
    queryFn: () => getPublicArticle(id!),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
