import type { BackOfficePages } from '../../app/route-types';

export const pages: BackOfficePages = { '/user/profile': () => import('./pages/profile-page') };
