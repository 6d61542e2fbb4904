/**
 * The site page a user was going to when the guard stopped them for want of a selected site: it
 * rides along to /sites/select (as /login's `redirect` does) so choosing a site goes on there.
 */
export const SITES_SELECT = '/sites/select';

export function sitesSelectPath(target: string): string {
  return `${SITES_SELECT}?redirect=${encodeURIComponent(target)}`;
}

/** The remembered site page, if it is one: a crafted link must not send the user anywhere else. */
export function readSiteTarget(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  return target?.startsWith('/site/') && !target.includes('\\') ? target : null;
}
