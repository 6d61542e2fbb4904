import type { BackOfficePages } from '../../app/route-types';

export const pages: BackOfficePages = { '/sites/select': () => import('./pages/select-site-page') };
