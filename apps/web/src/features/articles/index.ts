import { ACCESS } from '@tally/contracts';
import type { WebFeature } from '../../lib/route-types';

const articlePage = () => import('./pages/article-page');
const editor = { hidden: true, activeMenu: '/admin/contentList', roles: ACCESS.articles } as const;

/** Public articles, and 文章管理 under 系统管理 with its editor. */
export const feature: WebFeature = {
  routes: [
    {
      table: 'public',
      order: 90,
      path: '/articles',
      meta: { title: 'articles', ownTitle: true },
      page: () => import('./pages/articles-page'),
    },
    {
      table: 'public',
      order: 100,
      path: '/article/:id',
      meta: { title: 'article', ownTitle: true },
      page: articlePage,
    },
    {
      table: 'public',
      order: 110,
      path: '/article/*',
      meta: { title: 'article', ownTitle: true },
      page: articlePage,
    },
    {
      table: 'main',
      group: '/admin',
      order: 30,
      path: '/admin/contentList',
      meta: {
        title: '文章管理',
        icon: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
        roles: ACCESS.articles,
      },
      layoutPage: 'content-list-page',
    },
    {
      table: 'main',
      group: '/admin',
      order: 40,
      path: '/admin/contentcreate',
      meta: { title: '文章添加', ...editor },
      layoutPage: 'content-create-page',
    },
    {
      table: 'main',
      group: '/admin',
      order: 50,
      path: '/admin/contentcreate/:id',
      meta: { title: '文章编辑', noCache: true, ...editor },
      layoutPage: 'content-create-page',
    },
  ],
};
