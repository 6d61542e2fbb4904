import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 财务管理: the seed's four finance entries (admins only), in the seed's order. */
const page = (order: number, path: string, title: string, layoutPage: string) => ({
  table: 'main' as const,
  group: '/finance',
  order,
  path,
  meta: { title, roles: ACCESS.finance },
  layoutPage,
});

export const feature: WebFeature = {
  routes: [
    page(10, '/finance/usdtList', 'USDT管理', 'usdt-list-page'),
    page(20, '/finance/usdtTransfer', 'USDT转账记录', 'usdt-transfer-page'),
    page(30, '/finance/recharge', '充值记录', 'recharge-page'),
    page(40, '/finance/withdrawal', '提现记录', 'withdrawal-page'),
  ],
};
