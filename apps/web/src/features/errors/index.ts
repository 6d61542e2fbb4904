import type { WebFeature } from '../../lib/route-types';

export const feature: WebFeature = {
  routes: [{ table: 'public', order: 60, path: '/404', page: () => import('./pages/not-found-page') }],
};
