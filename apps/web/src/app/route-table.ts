import { ACCESS } from '@tally/contracts';
import type { ReportPageName } from '../features/reports/pages/report-pages';
import type { BackOfficePath } from './back-office-pages';
import type { AppRoute, PageLoader } from './route-types';

/**
 * The route table of seed section 2. Roles come from the contracts' ACCESS table (seed section 6),
 * the same table the server enforces. Titles are the seed's Chinese back-office labels.
 */

const loginPage = () => import('../features/auth/pages/login-page');
const articlePage = () => import('../features/articles/pages/article-page');

/** A page of the main layout, loaded through the layout's registry (see back-office-pages.ts). */
const backOffice =
  (path: BackOfficePath): PageLoader =>
  () =>
    import('./back-office-pages').then((m) => m.BACK_OFFICE_PAGES[path]());
const contentEditPage = backOffice('/admin/contentcreate');

/**
 * Report pages load through their index chunk: thirteen pages' preload lists would otherwise sit in
 * the entry that /login downloads.
 */
const reportPage =
  (name: ReportPageName): PageLoader =>
  () =>
    import('../features/reports/pages/report-pages').then((m) => m.reportPages[name]());

/** Public routes: reachable without a session, rendered outside the main layout. */
export const publicRoutes: AppRoute[] = [
  { path: '/login', page: loginPage, light: true },
  { path: '/register', page: () => import('../features/auth/pages/register-page'), light: true },
  { path: '/getPasswd', page: () => import('../features/auth/pages/get-passwd-page'), light: true },
  { path: '/share', page: () => import('../features/auth/pages/share-page') },
  { path: '/auth-redirect', page: () => import('../features/auth/pages/auth-redirect-page') },
  { path: '/404', page: () => import('../features/errors/pages/not-found-page') },
  {
    path: '/home',
    meta: { title: 'home', ownTitle: true },
    page: () => import('../features/home/pages/home-page'),
  },
  {
    path: '/preview',
    meta: { title: 'preview' },
    page: () => import('../features/reports/pages/preview-page'),
  },
  {
    path: '/articles',
    meta: { title: 'articles', ownTitle: true },
    page: () => import('../features/articles/pages/articles-page'),
  },
  { path: '/article/:id', meta: { title: 'article', ownTitle: true }, page: articlePage },
  { path: '/article/*', meta: { title: 'article', ownTitle: true }, page: articlePage },
  {
    path: '/service',
    meta: { title: 'service', ownTitle: true },
    page: () => import('../features/service/pages/service-page'),
  },
  { path: '/price', meta: { title: 'price' } },
  { path: '/discount', meta: { title: 'discount' } },
  { path: '/redirect/*', page: () => import('../features/navigation/pages/redirect-page') },
];

/** Main-layout routes of the seed table, in menu order. */
export const mainRoutes: AppRoute[] = [
  {
    path: '/dashboard',
    meta: { title: '控制台', icon: 'dashboard', affix: true, roles: ACCESS.dashboard },
    page: () => import('./dashboard-page'),
  },
  {
    path: '/sites/group',
    meta: { title: '站点分组', hidden: true, activeMenu: '/dashboard', roles: ACCESS.sitesGroup },
    page: () => import('../features/sites/pages/site-groups-page'),
  },
  {
    path: '/sites/notice',
    // The seed gives no title; this one is true whether or not the user already has sites.
    meta: { title: '添加站点', hidden: true, roles: ACCESS.sitesNotice },
    page: () => import('../features/sites/pages/no-site-page'),
  },
  {
    path: '/sites/select',
    meta: { title: '选择站点', hidden: true },
    page: backOffice('/sites/select'),
  },
  {
    path: '/admin',
    meta: { title: '系统管理', icon: 'setting', roles: ACCESS.adminGroup },
    children: [
      {
        path: '/admin/setting',
        meta: { title: '系统设置', icon: 'tool', roles: ACCESS.settings },
        page: backOffice('/admin/setting'),
      },
      {
        path: '/admin/files',
        meta: { title: '素材管理', icon: 'folder', roles: ACCESS.files },
        page: backOffice('/admin/files'),
      },
      {
        path: '/admin/contentList',
        meta: { title: '文章管理', icon: 'article', roles: ACCESS.articles },
        page: backOffice('/admin/contentList'),
      },
      {
        path: '/admin/contentcreate',
        meta: { title: '文章添加', hidden: true, activeMenu: '/admin/contentList', roles: ACCESS.articles },
        page: contentEditPage,
      },
      {
        path: '/admin/contentcreate/:id',
        meta: {
          title: '文章编辑',
          hidden: true,
          noCache: true,
          activeMenu: '/admin/contentList',
          roles: ACCESS.articles,
        },
        page: contentEditPage,
      },
    ],
  },
  { path: '/bots/botsList', meta: { title: '机器人列表', icon: 'robot', roles: ACCESS.bots } },
  { path: '/users/users', meta: { title: '用户管理', icon: 'user', roles: ACCESS.users } },
  { path: '/groups/groups', meta: { title: '群组管理', icon: 'team', roles: ACCESS.groups } },
  {
    path: '/finance',
    meta: { title: '财务管理', icon: 'money', roles: ACCESS.finance },
    children: [
      { path: '/finance/usdtList', meta: { title: 'USDT管理', roles: ACCESS.finance } },
      { path: '/finance/usdtTransfer', meta: { title: 'USDT转账记录', roles: ACCESS.finance } },
      { path: '/finance/recharge', meta: { title: '充值记录', roles: ACCESS.finance } },
      { path: '/finance/withdrawal', meta: { title: '提现记录', roles: ACCESS.finance } },
    ],
  },
  { path: '/orders/orders', meta: { title: '交易订单', icon: 'order', roles: ACCESS.orders } },
  { path: '/queue/queue', meta: { title: '队列监控', icon: 'queue', roles: ACCESS.queue } },
  {
    path: '/user',
    meta: { title: '我的账号', icon: 'account', roles: ACCESS.profile },
    children: [
      {
        path: '/user/profile',
        meta: { title: '个人中心', icon: 'profile', roles: ACCESS.profile },
        page: backOffice('/user/profile'),
      },
    ],
  },
];

const siteReports = ACCESS.siteReports;

/**
 * Site-analytics routes of seed section 2 (the non-admin menu); every one is site-scoped. A share
 * client reads the overview only (seed section 6), as the server's report calls enforce.
 */
export const siteRoutes: AppRoute[] = [
  {
    path: '/site/all',
    meta: { title: '数据总览', icon: 'all', roles: siteReports },
    page: reportPage('all'),
  },
  {
    path: '/site/overview',
    meta: { title: '站点概况', icon: 'overview', roles: ACCESS.siteOverview },
    page: reportPage('overview'),
  },
  {
    path: '/site/visitor',
    meta: { title: '访问明细', icon: 'visitor', roles: siteReports },
    page: reportPage('visitor'),
  },
  {
    path: '/site/trend/comId',
    meta: { title: '趋势分析', icon: 'trend', roles: siteReports },
    page: reportPage('trend'),
  },
  {
    path: '/site/visitors',
    meta: { title: '访客分析', icon: 'visitors', roles: siteReports },
    children: [
      {
        path: '/site/visitors/area',
        meta: { title: '地域分布', roles: siteReports },
        page: reportPage('area'),
      },
      { path: '/site/visitors/ip', meta: { title: '访客IP', roles: siteReports }, page: reportPage('ip') },
    ],
  },
  {
    path: '/site/refer',
    meta: { title: '来源分析', icon: 'refer', roles: siteReports },
    children: [
      {
        path: '/site/refer/comId',
        meta: { title: '来源分类', roles: siteReports },
        page: reportPage('referCategory'),
      },
      {
        path: '/site/refer/total',
        meta: { title: '来路网站', roles: siteReports },
        page: reportPage('referTotal'),
      },
      {
        path: '/site/refer/search_engine',
        meta: { title: '搜索引擎', roles: siteReports },
        page: reportPage('searchEngine'),
      },
      {
        path: '/site/refer/keyword',
        meta: { title: '搜索词', roles: siteReports },
        page: reportPage('keyword'),
      },
    ],
  },
  {
    path: '/site/content',
    meta: { title: '受访分析', icon: 'content', roles: siteReports },
    children: [
      {
        path: '/site/content/comId',
        meta: { title: '受访页面', roles: siteReports },
        page: reportPage('contentPage'),
      },
      {
        path: '/site/content/src',
        meta: { title: '入口页面', roles: siteReports },
        page: reportPage('entryPage'),
      },
      {
        path: '/site/content/domain',
        meta: { title: '受访域名', roles: siteReports },
        page: reportPage('contentDomain'),
      },
    ],
  },
];

/** /dashboard as the first entry of the analytics menu, where it reads 站点列表. */
export const siteListEntry: AppRoute = {
  path: '/dashboard',
  meta: { title: '站点列表', icon: 'sites', roles: ACCESS.dashboard },
};
