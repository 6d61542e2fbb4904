import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/**
 * Plans and orders (issue 16): the public /price and /discount, 套餐购买 and 我的订单 under 我的账号,
 * and 交易订单 (/orders/orders) for admins, whose tabs also hold 套餐管理 and 优惠券 (no new menu entry).
 */
export const feature: WebFeature = {
  routes: [
    {
      table: 'public',
      order: 130,
      path: '/price',
      meta: { title: 'price' },
      page: () => import('./pages/price-page'),
    },
    {
      table: 'public',
      order: 140,
      path: '/discount',
      meta: { title: 'discount' },
      page: () => import('./pages/discount-page'),
    },
    {
      table: 'main',
      group: '/user',
      order: 30,
      path: '/user/plans',
      meta: {
        title: '套餐购买',
        icon: () => import('@ant-design/icons/es/icons/CrownOutlined'),
        roles: ACCESS.account,
      },
      layoutPage: 'buy-plan-page',
    },
    {
      table: 'main',
      group: '/user',
      order: 40,
      path: '/user/orders',
      meta: {
        title: '我的订单',
        icon: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
        roles: ACCESS.account,
      },
      layoutPage: 'my-orders-page',
    },
    {
      table: 'main',
      order: 100,
      path: '/orders/orders',
      meta: {
        title: '交易订单',
        icon: () => import('@ant-design/icons/es/icons/ShoppingOutlined'),
        roles: ACCESS.orders,
      },
      layoutPage: 'orders-admin-page',
    },
  ],
};
