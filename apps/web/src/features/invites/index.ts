import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 邀请返利 under 我的账号: the invite link, invitees and commission. Share-link clients have none. */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/user',
      order: 50,
      path: '/user/invites',
      meta: {
        title: '邀请返利',
        icon: () => import('@ant-design/icons/es/icons/GiftOutlined'),
        roles: ACCESS.account,
      },
      layoutPage: 'invites-page',
    },
  ],
};
