import type { PageLoader } from './route-types';

/**
 * Pages of the main layout. Their imports live here rather than in the route table so the entry
 * chunk (every first load, /login's too) does not carry their preload lists; the layout imports
 * this module, so by the time a page is wanted its loader is already at hand.
 */
export const BACK_OFFICE_PAGES = {
  '/sites/select': () => import('../features/sites/pages/select-site-page'),
  '/admin/setting': () => import('../features/system-settings/pages/system-settings-page'),
  '/admin/files': () => import('../features/files/pages/files-page'),
  '/admin/contentList': () => import('../features/articles/pages/content-list-page'),
  '/admin/contentcreate': () => import('../features/articles/pages/content-create-page'),
  '/user/profile': () => import('../features/profile/pages/profile-page'),
} satisfies Record<string, PageLoader>;

export type BackOfficePath = keyof typeof BACK_OFFICE_PAGES;
