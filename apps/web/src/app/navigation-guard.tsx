import { CODE } from '@tally/contracts';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { loadUserInfo } from '../features/auth/api';
import { showMessage } from '../lib/notify';
import { startProgress } from '../lib/progress-bar';
import { RequestError } from '../lib/request-error';
import { isShareSession, SHARE_ENDED_PATH, shareSessionEnded } from '../lib/share-session';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import { decideNavigation } from './guard';
import { findLayoutRoute, findPublicRoute } from './route-lookup';
import { useDocumentTitle } from './use-document-title';

/** StrictMode and quick navigations must not fetch user info twice. */
let infoRequest: Promise<unknown> | null = null;
function loadUserInfoOnce(): Promise<unknown> {
  infoRequest ??= loadUserInfo().finally(() => {
    infoRequest = null;
  });
  return infoRequest;
}

/** The server no longer knows the session's token (expired, or a share link rotated or revoked). */
function isRefused(error: unknown): boolean {
  return error instanceof RequestError && error.code === CODE.TOKEN_INVALID;
}

/** Applies the pure guard decision of guard.ts to every navigation. */
export function NavigationGuard() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const token = useUserStore((s) => s.token);
  const roles = useUserStore((s) => s.roles);
  const isClient = useUserStore((s) => s.is_client === 1);
  const siteCount = useAppStore((s) => s.sites.length);
  const siteSelected = useAppStore((s) => s.site !== null);
  const publicMatch = findPublicRoute(pathname);
  const layoutMatch = publicMatch ? null : findLayoutRoute(pathname);
  const decision = decideNavigation({
    pathname,
    token,
    roles,
    isClient,
    siteCount,
    siteSelected,
    isPublic: publicMatch !== null,
    shareEnded: shareSessionEnded(),
    redirect: new URLSearchParams(search).get('redirect'),
    routeRoles: layoutMatch ? layoutMatch.chain.map((r) => r.meta?.roles) : null,
  });
  useDocumentTitle(publicMatch ?? layoutMatch, publicMatch !== null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the bar runs once per route change
  useEffect(() => {
    startProgress();
    const done = requestAnimationFrame(() => NProgress.done());
    return () => cancelAnimationFrame(done);
  }, [pathname]);

  useEffect(() => {
    if (decision.action !== 'load-info') return;
    loadUserInfoOnce().catch((error: unknown) => {
      useUserStore.getState().clearSession();
      // A refused share-link session has no account to sign in with: it is told the link ended.
      if (isRefused(error) && isShareSession()) return navigate(SHARE_ENDED_PATH, { replace: true });
      const text = error instanceof Error && error.message ? error.message : 'Has Error';
      showMessage('error', text);
      navigate('/login', { replace: true });
    });
  }, [decision.action, navigate]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'load-info') return <PageLoading />;
  return <Outlet />;
}
