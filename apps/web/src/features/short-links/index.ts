import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/**
 * 短链管理 under 系统管理: the seed's `shot_url` calls live under /api/v1/admin/, the back office's
 * admin group; the entry is for admins only (the server's `shortLinks` access area).
 */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      group: '/admin',
      order: 70,
      path: '/admin/shortUrl',
      meta: {
        title: '短链管理',
        icon: () => import('@ant-design/icons/es/icons/LinkOutlined'),
        roles: ACCESS.shortLinks,
      },
      layoutPage: 'short-links-page',
    },
  ],
};
