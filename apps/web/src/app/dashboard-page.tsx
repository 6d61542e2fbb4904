import { ACCESS } from '@tally/contracts';
import { Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../components/page-loading';
import { canAccess } from '../lib/access';
import { useUserStore } from '../stores/user';

const SiteListPage = lazy(() => import('../features/sites/pages/site-list-page'));
const ConsolePage = lazy(() => import('../features/console/pages/console-page'));
const PlanSummary = lazy(async () => ({
  default: (await import('../features/billing/components/plan-summary')).PlanSummary,
}));

/**
 * `/dashboard`: the admin console 控制台, or for everyone else their plan and usage above 站点列表
 * (PRODUCT.md; issue 16 §4).
 */
export default function DashboardPage() {
  const isAdmin = useUserStore((s) => s.roles.includes('admin'));
  const hasPlan = useUserStore((s) => canAccess(s.roles, ACCESS.account));
  if (isAdmin)
    return (
      <Suspense fallback={<PageLoading />}>
        <ConsolePage />
      </Suspense>
    );
  return (
    <Suspense fallback={<PageLoading />}>
      <Flex vertical gap={16}>
        {hasPlan && <PlanSummary />}
        <SiteListPage />
      </Flex>
    </Suspense>
  );
}
