import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';
import type { AppRoute, PageLoader } from '../lib/route-types';

/** One lazy component per loader, so re-renders never remount a page. */
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

function lazyFor(loader: PageLoader) {
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(loader);
    lazyPages.set(loader, page);
  }
  return page;
}

const PlaceholderPage = lazy(() =>
  import('../components/placeholder-page').then((m) => ({ default: m.PlaceholderPage })),
);
const PublicPlaceholderPage = lazy(() =>
  import('../components/public-placeholder-page').then((m) => ({
    default: m.PublicPlaceholderPage,
  })),
);

/** Renders a route of the table: its code-split page, or the placeholder of a later issue. */
export function RoutePage({ route, isPublic }: { route: AppRoute; isPublic: boolean }) {
  const title = route.meta?.title ?? 'no-name';
  let page = isPublic ? <PublicPlaceholderPage titleKey={title} /> : <PlaceholderPage title={title} />;
  if (route.page) {
    const Page = lazyFor(route.page);
    page = <Page />;
  }
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}
