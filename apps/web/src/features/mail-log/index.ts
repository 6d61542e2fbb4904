import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 邮件记录 under 系统管理: what the server mailed and whether it went out, for admins (`settings`). */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/admin',
      order: 65,
      path: '/admin/mailLog',
      meta: {
        title: '邮件记录',
        icon: () => import('@ant-design/icons/es/icons/MailOutlined'),
        roles: ACCESS.settings,
      },
      layoutPage: 'mail-log-page',
    },
  ],
};
