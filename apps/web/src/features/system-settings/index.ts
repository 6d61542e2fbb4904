import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 系统设置 under 系统管理. */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/admin',
      order: 10,
      path: '/admin/setting',
      meta: {
        title: '系统设置',
        icon: () => import('@ant-design/icons/es/icons/ToolOutlined'),
        roles: ACCESS.settings,
      },
      layoutPage: 'system-settings-page',
    },
  ],
};
