import { lazy, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';
import { PlaceholderPage } from '../components/placeholder-page';
import { useUserStore } from '../stores/user';

const SiteListPage = lazy(() => import('../features/sites/pages/site-list-page'));

/** `/dashboard`: the admin console (a later issue), or 站点列表 for everyone else (PRODUCT.md). */
export default function DashboardPage() {
  const isAdmin = useUserStore((s) => s.roles.includes('admin'));
  if (isAdmin) return <PlaceholderPage title="控制台" />;
  return (
    <Suspense fallback={<PageLoading />}>
      <SiteListPage />
    </Suspense>
  );
}
