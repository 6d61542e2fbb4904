import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 操作日志 under 系统管理: the audit trail, for admins (the server's `settings` access area). */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/admin',
      order: 60,
      path: '/admin/auditLog',
      meta: {
        title: '操作日志',
        icon: () => import('@ant-design/icons/es/icons/AuditOutlined'),
        roles: ACCESS.settings,
      },
      layoutPage: 'audit-log-page',
    },
  ],
};
