import { lazy, Suspense, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { registerNavigate } from '../lib/navigation';
import { NavigationGuard } from './navigation-guard';
import { RouteErrorBoundary } from './route-error-boundary';
import { layoutLeaves, publicLeaves } from './route-lookup';
import { RoutePage } from './route-page';

/** The layout is its own chunk: /login never downloads the menu, tags bar or drawer. */
const MainLayout = lazy(() => import('../layout/main-layout'));

/**
 * /redirect/{path} is public in the seed, but it renders inside the layout so a tag refresh
 * replaces only the page, not the whole shell.
 */
const REDIRECT_PATH = '/redirect/*';

const publicChildren: RouteObject[] = publicLeaves
  .filter(({ route }) => route.path !== REDIRECT_PATH)
  .map(({ route }) => ({ path: route.path, element: <RoutePage route={route} isPublic /> }));

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
            <MainLayout />
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
