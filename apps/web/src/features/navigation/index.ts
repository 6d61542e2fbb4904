import type { WebFeature } from '../../lib/route-types';

/** /redirect/* re-mounts a page (the tags bar's refresh). */
export const feature: WebFeature = {
  routes: [{ table: 'public', order: 150, path: '/redirect/*', page: () => import('./pages/redirect-page') }],
};
