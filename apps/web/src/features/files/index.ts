import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** 素材管理 under 系统管理. */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/admin',
      order: 20,
      path: '/admin/files',
      meta: {
        title: '素材管理',
        icon: () => import('@ant-design/icons/es/icons/FolderOutlined'),
        roles: ACCESS.files,
      },
      layoutPage: 'files-page',
    },
  ],
};
