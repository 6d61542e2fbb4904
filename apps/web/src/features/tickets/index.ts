import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/**
 * Support tickets (issue 16 §6): 工单支持 under 我的账号 (the caller's own) and 工单管理 (admins,
 * `/tickets/tickets`, beside 交易订单). The top bar's unread badge lives in the layout (message-badge).
 */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/user',
      order: 60,
      path: '/user/tickets',
      meta: {
        title: '工单支持',
        icon: () => import('@ant-design/icons/es/icons/CustomerServiceOutlined'),
        roles: ACCESS.account,
      },
      layoutPage: 'my-tickets-page',
    },
    {
      table: 'main',
      order: 105,
      path: '/tickets/tickets',
      meta: {
        title: '工单管理',
        icon: () => import('@ant-design/icons/es/icons/CustomerServiceOutlined'),
        roles: ACCESS.tickets,
      },
      layoutPage: 'tickets-admin-page',
    },
  ],
};
