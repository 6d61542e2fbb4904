import type { Site } from '@tally/contracts';
import { useAppStore } from '../../../stores/app';

/**
 * The header's site selector reads the app store (seed: sites, site); a change made here must show
 * there without another user-info round trip.
 */
export function storeSavedSite(site: Site): void {
  const app = useAppStore.getState();
  const summary = { id: site.id, name: site.name, domain: site.domain };
  const known = app.sites.some((s) => s.id === site.id);
  app.setSites(known ? app.sites.map((s) => (s.id === site.id ? summary : s)) : [...app.sites, summary]);
  if (app.site?.id === site.id) app.setSite(summary);
}

export function storeDeletedSites(ids: readonly number[]): void {
  const app = useAppStore.getState();
  app.setSites(app.sites.filter((s) => !ids.includes(s.id)));
}
