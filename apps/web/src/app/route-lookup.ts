import { matchPath } from 'react-router';
import type { AppRoute } from '../lib/route-types';
import { mainRoutes, publicRoutes, siteRoutes } from './route-table';

export interface RouteMatch {
  route: AppRoute;
  /** Ancestors first, the matched leaf last: the breadcrumb. */
  chain: AppRoute[];
  params: Record<string, string | undefined>;
}

/** Leaves with their ancestors, in table order. */
function flatten(
  routes: readonly AppRoute[],
  parents: AppRoute[] = [],
): { route: AppRoute; chain: AppRoute[] }[] {
  return routes.flatMap((route) =>
    route.children ? flatten(route.children, [...parents, route]) : [{ route, chain: [...parents, route] }],
  );
}

export const publicLeaves = flatten(publicRoutes);
export const layoutLeaves = flatten([...mainRoutes, ...siteRoutes]);

function find(leaves: typeof publicLeaves, pathname: string): RouteMatch | null {
  for (const leaf of leaves) {
    const match = matchPath({ path: leaf.route.path, end: true }, pathname);
    if (match) return { ...leaf, params: match.params };
  }
  return null;
}

export function findPublicRoute(pathname: string): RouteMatch | null {
  return find(publicLeaves, pathname);
}

export function findLayoutRoute(pathname: string): RouteMatch | null {
  return find(layoutLeaves, pathname);
}
