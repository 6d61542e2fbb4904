import { ARTICLES_PATHS, type Article, type ArticleSaveBody } from '@tally/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { ARTICLES_KEY } from './get-articles';

export const saveArticle = (body: ArticleSaveBody) => post<Article>(ARTICLES_PATHS.save, body);

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
