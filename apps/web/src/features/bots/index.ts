import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 机器人列表: users' Telegram bots (admins see all, a share client its site's, read-only). */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      order: 60,
      path: '/bots/botsList',
      meta: {
        title: '机器人列表',
        icon: () => import('@ant-design/icons/es/icons/RobotOutlined'),
        roles: ACCESS.bots,
      },
      layoutPage: 'bots-page',
    },
  ],
};
