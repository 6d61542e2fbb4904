import { ACCESS } from '@tally/contracts';
import { canAccess, filterByRoles } from '../lib/access';
import type { AppRoute, MenuIcon } from '../lib/route-types';
import { mainRoutes, siteListEntry, siteRoutes } from './route-table';

export interface MenuEntry {
  path: string;
  title: string;
  icon?: MenuIcon;
  children?: MenuEntry[];
}

/** `playground`: the server runs as the playground (`npm run demo`), whose pages show only then. */
function toMenu(routes: readonly AppRoute[], playground = false): MenuEntry[] {
  return routes
    .filter((r) => !r.meta?.hidden && (playground || !r.meta?.playground))
    .map((r) => {
      const entry: MenuEntry = { path: r.path, title: r.meta?.title ?? 'no-name', icon: r.meta?.icon };
      if (!r.children) return entry;
      const children = toMenu(r.children, playground);
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
export function buildMenu(
  roles: readonly string[],
  isClient: boolean,
  hasSites = true,
  playground = false,
): MenuEntry[] {
  if (roles.includes('admin')) return toMenu(mainRoutes, playground);
  if (isClient) return toMenu(siteRoutes.filter((r) => r.path === CLIENT_MENU_PATH));
  const rest = mainRoutes.filter((r) => r.path !== '/dashboard');
  const reports = hasSites || canAccess(roles, ACCESS.sitesNotice) ? siteRoutes : [];
  return toMenu(filterByRoles([siteListEntry, ...reports, ...rest], roles));
}

/** Leaf entries, in order: what header search and tests compare. */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.children ? flattenMenu(e.children) : [e]));
}
