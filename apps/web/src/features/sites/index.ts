import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

/** The hidden site pages of the seed table (the site list itself is /dashboard's, see dashboard-page). */
export const feature: WebFeature = {
  routes: [
    {
      table: 'main',
      order: 20,
      path: '/sites/group',
      meta: { title: '站点分组', hidden: true, activeMenu: '/dashboard', roles: ACCESS.sitesGroup },
      page: () => import('./pages/site-groups-page'),
    },
    {
      table: 'main',
      order: 30,
      path: '/sites/notice',
      // The seed gives no title; this one is true whether or not the user already has sites.
      meta: { title: '添加站点', hidden: true, roles: ACCESS.sitesNotice },
      page: () => import('./pages/no-site-page'),
    },
    {
      table: 'main',
      order: 40,
      path: '/sites/select',
      meta: { title: '选择站点', hidden: true },
      layoutPage: 'select-site-page',
    },
  ],
};
