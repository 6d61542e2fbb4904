import { ARTICLES_PATHS, type ArticleCategory, type CategorySaveBody } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../../lib/request';
import { useArticleMutation } from './change-articles';
import { ARTICLES_KEY } from './get-articles';

interface CategoryPage {
  list: ArticleCategory[];
  total: number;
}

const CATEGORIES_KEY = [...ARTICLES_KEY, 'categories'] as const;

/** Categories are few (an editor's list): one page of up to 200 holds them all. */
export const useCategories = () =>
  useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: () =>
      get<CategoryPage>(ARTICLES_PATHS.categoryFetch, { page: 1, limit: 200 }).then((d) => d.list),
  });

export const useSaveCategory = () =>
  useArticleMutation((body: CategorySaveBody) => post<ArticleCategory>(ARTICLES_PATHS.categorySave, body));

export const useDeleteCategories = () =>
  useArticleMutation((body: { ids: number[] }) => post(ARTICLES_PATHS.categoryDel, body));
