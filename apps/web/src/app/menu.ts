import { ACCESS } from '@tally/contracts';
import { canAccess, filterByRoles } from '../lib/access';
import { mainRoutes, siteListEntry, siteRoutes } from './route-table';
import type { AppRoute, MenuIcon } from './route-types';

export interface MenuEntry {
  path: string;
  title: string;
  icon?: MenuIcon;
  children?: MenuEntry[];
}

function toMenu(routes: readonly AppRoute[]): MenuEntry[] {
  return routes
    .filter((r) => !r.meta?.hidden)
    .map((r) => {
      const entry: MenuEntry = { path: r.path, title: r.meta?.title ?? 'no-name', icon: r.meta?.icon };
      if (!r.children) return entry;
      const children = toMenu(r.children);
      return children.length > 0 ? { ...entry, children } : null;
    })
    .filter((e): e is MenuEntry => e !== null);
}

/** The one page a share-link client reads (seed section 6: the site overview, then only log out). */
const CLIENT_MENU_PATH = '/site/overview';

/**
 * Admins get the full role-based menu of the seed table. Everyone else gets the site-analytics
 * menu (seed section 2) followed by the seed-table entries their roles allow; 站点列表 is the
 * dashboard there. A client's menu holds only the site overview. The site reports need a site
 * (seed section 6); without one the guard sends a user to /sites/notice, but that page is not an
 * article editor's, so an editor without sites is not offered reports that could only end at /404.
 */
export function buildMenu(roles: readonly string[], isClient: boolean, hasSites = true): MenuEntry[] {
  if (roles.includes('admin')) return toMenu(mainRoutes);
  if (isClient) return toMenu(siteRoutes.filter((r) => r.path === CLIENT_MENU_PATH));
  const rest = mainRoutes.filter((r) => r.path !== '/dashboard');
  const reports = hasSites || canAccess(roles, ACCESS.sitesNotice) ? siteRoutes : [];
  return toMenu(filterByRoles([siteListEntry, ...reports, ...rest], roles));
}

/** Leaf entries, in order: what header search and tests compare. */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.children ? flattenMenu(e.children) : [e]));
}
