import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 我的钱包 under 我的账号: balances, moving commission, 资金明细. Share-link clients have no wallet. */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/user',
      order: 20,
      path: '/user/wallet',
      meta: {
        title: '我的钱包',
        icon: () => import('@ant-design/icons/es/icons/WalletOutlined'),
        roles: ACCESS.account,
      },
      layoutPage: 'wallet-page',
    },
  ],
};
