import { ACCESS, type Endpoint, hasAnyRole, type Role } from '@tally/contracts';

export interface RoleGuarded<T> {
  meta?: { roles?: readonly Role[] };
  children?: T[];
}

/**
 * Seed section 4, route filtering: keep a route when it lists no roles or the holder has one of
 * them, recursively; admin keeps every route. Groups left with no visible child disappear.
 */
export function filterByRoles<T extends RoleGuarded<T>>(routes: readonly T[], roles: readonly string[]): T[] {
  if (roles.includes('admin')) return [...routes];
  const kept: T[] = [];
  for (const route of routes) {
    if (!hasAnyRole(roles, route.meta?.roles)) continue;
    if (!route.children) {
      kept.push(route);
      continue;
    }
    const children = filterByRoles(route.children, roles);
    if (children.length > 0) kept.push({ ...route, children });
  }
  return kept;
}

export function canAccess(roles: readonly string[], allowed: readonly Role[] | undefined): boolean {
  return roles.includes('admin') || hasAnyRole(roles, allowed);
}

/** Whether a holder of these roles may make this call (its access area), so a page can hide the action. */
export function canCall(endpoint: Pick<Endpoint, 'access'>, roles: readonly string[]): boolean {
  return endpoint.access === 'public' || canAccess(roles, ACCESS[endpoint.access]);
}
