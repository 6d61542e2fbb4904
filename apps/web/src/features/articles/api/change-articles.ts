import { ARTICLES_PATHS, type ArticleStatus } from '@tally/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { ARTICLES_KEY } from './get-articles';

/**
 * Changes to articles or categories: each refreshes every article query when it succeeds (article
 * rows show category names, and the lists' filters show categories).
 */
export function useArticleMutation<T, R>(call: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ARTICLES_KEY }),
  });
}

export const useDeleteArticles = () =>
  useArticleMutation((body: { ids: number[] }) => post<{ deleted: number[] }>(ARTICLES_PATHS.del, body));

export const useSwitchArticle = () =>
  useArticleMutation((body: { id: number; status: ArticleStatus }) => post(ARTICLES_PATHS.switch, body));

export const usePinArticle = () =>
  useArticleMutation((body: { id: number; pinned: boolean }) => post(ARTICLES_PATHS.pin, body));
