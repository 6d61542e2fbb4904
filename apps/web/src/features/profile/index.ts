import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 个人中心 under 我的账号. */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/user',
      order: 10,
      path: '/user/profile',
      meta: {
        title: '个人中心',
        icon: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
        roles: ACCESS.profile,
      },
      layoutPage: 'profile-page',
    },
  ],
};
