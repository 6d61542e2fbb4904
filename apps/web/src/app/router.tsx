import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { registerNavigate } from '../lib/navigation';
import type { AppRoute } from '../lib/route-types';
import { NavigationGuard } from './navigation-guard';
import { RouteErrorBoundary } from './route-error-boundary';
import { layoutLeaves, publicLeaves } from './route-lookup';
import { RoutePage } from './route-page';

/** antd's providers: their own chunk, so the light signed-out pages never download antd. */
const AntdScope = lazy(() => import('./antd-scope'));

/**
 * The layout is its own chunk too (/login never downloads the menu, tags bar or drawer), fetched
 * together with the antd scope rather than after it.
 */
const ScopedLayout = lazy(async () => {
  const [{ default: Scope }, { default: Layout }] = await Promise.all([
    import('./antd-scope'),
    import('../layout/main-layout'),
  ]);
  return {
    default: () => (
      <Scope>
        <Layout />
      </Scope>
    ),
  };
});

function withAntd(route: AppRoute, page: ReactNode): ReactNode {
  if (route.light) return page;
  return (
    <Suspense fallback={<PageLoading />}>
      <AntdScope>{page}</AntdScope>
    </Suspense>
  );
}

/**
 * /redirect/{path} is public in the seed, but it renders inside the layout so a tag refresh
 * replaces only the page, not the whole shell.
 */
const REDIRECT_PATH = '/redirect/*';

const publicChildren: RouteObject[] = publicLeaves
  .filter(({ route }) => route.path !== REDIRECT_PATH)
  .map(({ route }) => ({ path: route.path, element: withAntd(route, <RoutePage route={route} isPublic />) }));

const layoutChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  ...publicLeaves
    .filter(({ route }) => route.path === REDIRECT_PATH)
    .map(({ route }) => ({ path: route.path, element: <RoutePage route={route} isPublic /> })),
  ...layoutLeaves.map(({ route }) => ({
    path: route.path,
    element: <RoutePage route={route} isPublic={false} />,
  })),
];

export const routes: RouteObject[] = [
  {
    element: <NavigationGuard />,
    children: [
      ...publicChildren,
      {
        element: (
          <Suspense fallback={<PageLoading />}>
            <ScopedLayout />
          </Suspense>
        ),
        children: layoutChildren,
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/**
 * The route table in react-router's declarative mode: the data router would add 17 KB gzipped
 * to every first load for loaders and actions this app does not use.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => registerNavigate((path) => navigate(path)), [navigate]);
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
