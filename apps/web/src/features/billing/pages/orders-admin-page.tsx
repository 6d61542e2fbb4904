import '../messages';
import '../billing.css';
import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { CouponsAdmin } from '../components/coupons-admin';
import { OrdersAdmin } from '../components/orders-admin';
import { PlansAdmin } from '../components/plans-admin';

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
          { key: 'plans', label: t('billing.admin.plans'), children: <PlansAdmin /> },
          { key: 'coupons', label: t('billing.admin.coupons'), children: <CouponsAdmin /> },
        ]}
      />
    </Card>
  );
}
