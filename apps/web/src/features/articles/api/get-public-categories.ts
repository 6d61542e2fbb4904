import { ARTICLES_PATHS, type publicCategoryListSchema } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { get } from '../../../lib/request';

type PublicCategoryList = z.infer<typeof publicCategoryListSchema>;

export const usePublicCategories = () =>
  useQuery({
    queryKey: ['public-categories'],
    queryFn: () => get<PublicCategoryList>(ARTICLES_PATHS.publicCategories).then((d) => d.list),
    staleTime: 60_000,
  });
