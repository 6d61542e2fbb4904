import { SITES_PATHS, type Site, type SiteSaveBody } from '@tally/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { GROUPS_KEY, SITES_KEY } from './query-keys';
import { storeSavedSite } from './store-sync';

/** The form sends what the user typed; the server's schema fills defaults and normalises domains. */
export type SiteFormBody = Omit<Partial<SiteSaveBody>, 'domains'> & { name: string; domains: string[] };

export const saveSite = (body: SiteFormBody) => post<Site>(SITES_PATHS.save, body);

export function useSaveSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSite,
    onSuccess: (site) => {
      storeSavedSite(site);
      void client.invalidateQueries({ queryKey: SITES_KEY });
      void client.invalidateQueries({ queryKey: GROUPS_KEY });
    },
  });
}
