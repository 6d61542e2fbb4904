import { SITES_PATHS } from '@tally/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { GROUPS_KEY, SITES_KEY } from './query-keys';
import { storeDeletedSites } from './store-sync';

export const deleteSites = (ids: number[]) => post<null>(SITES_PATHS.del, { ids });

export function useDeleteSites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSites,
    onSuccess: (_data, ids) => {
      storeDeletedSites(ids);
      void client.invalidateQueries({ queryKey: SITES_KEY });
      void client.invalidateQueries({ queryKey: GROUPS_KEY });
    },
  });
}
