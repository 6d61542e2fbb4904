import type { Role } from '@tally/contracts';
import { canAccess } from '../lib/access';
import { SHARE_ENDED_PATH } from '../lib/share-session';
import { sitesSelectPath } from '../lib/site-target';

/** What the navigation guard knows; plain values so the decision is a pure function. */
export interface GuardInput {
  pathname: string;
  token: string;
  /** Roles from user info; empty until the first protected navigation fetched it. */
  roles: readonly string[];
  isClient: boolean;
  siteCount: number;
  siteSelected: boolean;
  isPublic: boolean;
  /** The share-link session of this page was refused: without a token it goes to SHARE_ENDED_PATH. */
  shareEnded?: boolean;
  /** The `redirect` query of /login: where a fresh session continues (set by this guard). */
  redirect?: string | null;
  /** Roles of the matched layout route and its ancestors; null when no layout route matches. */
  routeRoles: ReadonlyArray<readonly Role[] | undefined> | null;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  | { action: 'load-info' };

const allow: GuardDecision = { action: 'allow' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

export function homeFor(isClient: boolean): string {
  return isClient ? '/site/overview' : '/dashboard';
}

/** Only same-site paths: a crafted ?redirect= must not send a fresh session elsewhere. */
export function isSafePath(target: string | null | undefined): target is string {
  return (
    !!target &&
    target.startsWith('/') &&
    !target.startsWith('//') &&
    !target.startsWith('/\\') &&
    target !== '/login'
  );
}

/** The seed's navigation guard (section 2), in its order. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, token, roles } = input;
  const isRoot = pathname === '' || pathname === '/';
  if (isRoot && !token) return redirect('/home');
  if (!token) {
    if (input.isPublic) return allow;
    // A share-link client has no account: the sign-in form would not help (lib/share-session.ts).
    if (input.shareEnded) return redirect(SHARE_ENDED_PATH);
    return redirect(pathname === '/login' ? '/login' : `/login?redirect=${encodeURIComponent(pathname)}`);
  }
  const entry = pathname === '/login' || pathname === '/register';
  if (input.isPublic && !entry) return allow;
  // Who the user is (client or not) is only known once user info has arrived.
  if (roles.length === 0) return { action: 'load-info' };
  if (entry && !input.isClient && isSafePath(input.redirect)) return redirect(input.redirect);
  if (entry || isRoot) return redirect(homeFor(input.isClient));
  if (pathname.includes('/site/')) {
    if (input.siteCount === 0) return redirect('/sites/notice');
    if (!input.siteSelected && pathname !== '/site/all') return redirect(sitesSelectPath(pathname));
  }
  if (input.routeRoles === null) return redirect('/404');
  if (!input.routeRoles.every((allowed) => canAccess(roles, allowed))) return redirect('/404');
  return allow;
}
