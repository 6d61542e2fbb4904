import type { BackOfficePages } from '../../app/route-types';

const editPage = () => import('./pages/content-create-page');

export const pages: BackOfficePages = {
  '/admin/contentList': () => import('./pages/content-list-page'),
  '/admin/contentcreate': editPage,
  '/admin/contentcreate/:id': editPage,
};
