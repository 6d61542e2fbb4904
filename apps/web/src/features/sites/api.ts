import {
  type EndpointData,
  type EndpointInput,
  SITES_API,
  type Site,
  type SiteListQuery,
} from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../components/resource-table/use-resource-list';
import { call, caller } from '../../lib/request';
import { useAppStore } from '../../stores/app';

/** Query keys: every site or group change refreshes both. */
export const SITES_KEY = ['sites'] as const;
export const GROUPS_KEY = ['site-groups'] as const;

// ---------------------------------------------------------------- the header's site selector

/**
 * The header's site selector reads the app store (seed: sites, site); a change made here must show
 * there without another user-info round trip.
 */
function storeSavedSite(site: Site): void {
  const app = useAppStore.getState();
  const summary = { id: site.id, name: site.name, domain: site.domain };
  const known = app.sites.some((s) => s.id === site.id);
  app.setSites(known ? app.sites.map((s) => (s.id === site.id ? summary : s)) : [...app.sites, summary]);
  if (app.site?.id === site.id) app.setSite(summary);
}

function storeDeletedSites(ids: readonly number[]): void {
  const app = useAppStore.getState();
  app.setSites(app.sites.filter((s) => !ids.includes(s.id)));
}

// ---------------------------------------------------------------- sites

export type SiteSort = SiteListQuery['sort'];
/** The contract's sort whitelist (siteListQuerySchema). */
export const SITE_SORTS: readonly SiteSort[] = ['id', '-id', 'name', '-name', 'created_at', '-created_at'];
export type SiteFilters = { group_id: number | undefined };

export const getSites = (query: ListQuery<SiteFilters, SiteSort>) => call(SITES_API.fetch, query);

/** The form sends what the user typed; the server's schema fills defaults and normalises domains. */
export type SiteFormBody = EndpointInput<typeof SITES_API.save>;

export function useSaveSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteFormBody) => call(SITES_API.save, body),
    onSuccess: (site) => {
      storeSavedSite(site);
      void client.invalidateQueries({ queryKey: SITES_KEY });
      void client.invalidateQueries({ queryKey: GROUPS_KEY });
    },
  });
}

export function useDeleteSites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(SITES_API.del, { ids }),
    onSuccess: (_data, ids) => {
      storeDeletedSites(ids);
      void client.invalidateQueries({ queryKey: SITES_KEY });
      void client.invalidateQueries({ queryKey: GROUPS_KEY });
    },
  });
}

export type ShareBody = EndpointInput<typeof SITES_API.share>;
export type ShareState = EndpointData<typeof SITES_API.share>;

export function useManageShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: caller(SITES_API.share),
    onSuccess: () => void client.invalidateQueries({ queryKey: SITES_KEY }),
  });
}

// ---------------------------------------------------------------- groups

export const useGroupDetail = () =>
  useQuery({ queryKey: GROUPS_KEY, queryFn: () => call(SITES_API.groupDetail) });

/** Group changes move sites between groups, so the site list is refreshed with them. */
function useGroupMutation<T>(mutate: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: GROUPS_KEY });
      void client.invalidateQueries({ queryKey: SITES_KEY });
    },
  });
}

export const useSaveGroup = () => useGroupMutation(caller(SITES_API.groupSave));

export const useDeleteGroups = () => useGroupMutation((ids: number[]) => call(SITES_API.groupDel, { ids }));

export const useMoveSites = () => useGroupMutation(caller(SITES_API.groupMove));
