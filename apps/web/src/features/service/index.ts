import type { WebFeature } from '../../lib/route-types';

export const feature: WebFeature = {
  routes: [
    {
      table: 'public',
      order: 120,
      path: '/service',
      meta: { title: 'service', ownTitle: true },
      page: () => import('./pages/service-page'),
    },
  ],
};
