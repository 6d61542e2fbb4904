import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/**
 * 导入历史 (/sites/import?site=ID): a site's history from Umami, Plausible or access logs (issue 28),
 * reached from the site list's row actions; not in the seed's menu.
 */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      order: 50,
      path: '/sites/import',
      meta: { title: '导入历史', hidden: true, activeMenu: '/dashboard', roles: ACCESS.dashboard },
      layoutPage: 'import-page',
    },
  ],
};
