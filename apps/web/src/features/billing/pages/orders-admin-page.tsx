import '../messages';
import '../billing.css';
import { Card, Skeleton, Tabs } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { OrdersAdmin } from '../components/orders-admin';

// The plans' and coupons' tabs load when opened: with them (their forms, the coupons' date-range
// picker) the page's first load was 460 KB against the 450 KB budget (bench/web-bundle.mjs).
const PlansAdmin = lazy(() => import('../components/plans-admin').then((m) => ({ default: m.PlansAdmin })));
const CouponsAdmin = lazy(() =>
  import('../components/coupons-admin').then((m) => ({ default: m.CouponsAdmin })),
);
const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active />}>{tab}</Suspense>;

/** /orders/orders 交易订单 (admins): orders, and the plans and coupons they are bought with. */
export default function OrdersAdminPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('orders');
  return (
    <Card className="page-card" data-testid="orders-admin">
      <PageHeader title={t('billing.admin.title')} />
      <Tabs
        className="billing-tabs"
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'orders', label: t('billing.admin.orders'), children: <OrdersAdmin /> },
          { key: 'plans', label: t('billing.admin.plans'), children: later(<PlansAdmin />) },
          { key: 'coupons', label: t('billing.admin.coupons'), children: later(<CouponsAdmin />) },
        ]}
      />
    </Card>
  );
}
