import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 群组管理: the Telegram groups the bots are in, their report bindings (admins). */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      order: 80,
      path: '/groups/groups',
      meta: {
        title: '群组管理',
        icon: () => import('@ant-design/icons/es/icons/TeamOutlined'),
        roles: ACCESS.groups,
      },
      layoutPage: 'groups-page',
    },
  ],
};
