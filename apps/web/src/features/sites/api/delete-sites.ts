import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { GROUPS_KEY, SITES_API, SITES_KEY } from './paths';
import { storeDeletedSites } from './store-sync';

export const deleteSites = (ids: number[]) => post<null>(SITES_API.del, { ids });

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
