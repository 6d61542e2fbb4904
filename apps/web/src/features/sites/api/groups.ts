import { type GroupDetail, SITES_PATHS } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/request';
import { GROUPS_KEY, SITES_KEY } from './query-keys';

export const getGroupDetail = () => get<GroupDetail>(SITES_PATHS.groupDetail);

export const useGroupDetail = () => useQuery({ queryKey: GROUPS_KEY, queryFn: getGroupDetail });

/** Group changes move sites between groups, so the site list is refreshed with them. */
function useGroupMutation<T>(call: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: GROUPS_KEY });
      void client.invalidateQueries({ queryKey: SITES_KEY });
    },
  });
}

export const useSaveGroup = () =>
  useGroupMutation((body: { id?: number; name: string }) => post(SITES_PATHS.groupSave, body));

export const useDeleteGroups = () => useGroupMutation((ids: number[]) => post(SITES_PATHS.groupDel, { ids }));

export const useMoveSites = () =>
  useGroupMutation((body: { site_ids: number[]; group_id: number | null }) =>
    post(SITES_PATHS.groupMove, body),
  );
