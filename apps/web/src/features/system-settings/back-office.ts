import type { BackOfficePages } from '../../app/route-types';

export const pages: BackOfficePages = { '/admin/setting': () => import('./pages/system-settings-page') };
