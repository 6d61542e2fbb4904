import type { WebFeature } from '../../lib/route-types';

export const feature: WebFeature = {
  routes: [
    {
      table: 'public',
      order: 70,
      path: '/home',
      meta: { title: 'home', ownTitle: true },
      page: () => import('./pages/home-page'),
    },
  ],
};
