import { lazy, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';
import { useUserStore } from '../stores/user';

const SiteListPage = lazy(() => import('../features/sites/pages/site-list-page'));
const ConsolePage = lazy(() => import('../features/console/pages/console-page'));

/** `/dashboard`: the admin console 控制台, or 站点列表 for everyone else (PRODUCT.md). */
export default function DashboardPage() {
  const isAdmin = useUserStore((s) => s.roles.includes('admin'));
  return <Suspense fallback={<PageLoading />}>{isAdmin ? <ConsolePage /> : <SiteListPage />}</Suspense>;
}
