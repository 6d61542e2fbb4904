import type { WebFeature } from '../../lib/route-types';

/** Sign-in, registration, password reset and share links: public pages, the first three light. */
export const feature: WebFeature = {
  routes: [
    { table: 'public', order: 10, path: '/login', page: () => import('./pages/login-page'), light: true },
    {
      table: 'public',
      order: 20,
      path: '/register',
      page: () => import('./pages/register-page'),
      light: true,
    },
    {
      table: 'public',
      order: 30,
      path: '/getPasswd',
      page: () => import('./pages/get-passwd-page'),
      light: true,
    },
    { table: 'public', order: 40, path: '/share', page: () => import('./pages/share-page') },
    { table: 'public', order: 50, path: '/auth-redirect', page: () => import('./pages/auth-redirect-page') },
  ],
};
