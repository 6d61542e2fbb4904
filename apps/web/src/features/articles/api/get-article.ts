import { ARTICLES_PATHS, type Article } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request';
import { ARTICLES_KEY } from './get-articles';

export const getArticle = (id: number) =>
  get<Article>(ARTICLES_PATHS.detail, { id }, { quietStatuses: [404] });

/** One article with its content, for the editor (drafts included). */
export const useArticle = (id: number | null) =>
  useQuery({
    queryKey: [...ARTICLES_KEY, 'detail', id],
    queryFn: () => getArticle(id!),
    enabled: id !== null,
  });
