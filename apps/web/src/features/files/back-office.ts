import type { BackOfficePages } from '../../app/route-types';

export const pages: BackOfficePages = { '/admin/files': () => import('./pages/files-page') };
