import { ACCESS, type Role } from '@tally/contracts';
import type { AppRoute, FeatureRoute, MenuIcon, PageLoader, RouteMeta } from '../lib/route-types';
import { FEATURE_ROUTES } from './features';

/**
 * The route table of seed section 2, composed from the routes each feature's `index.ts` declares
 * (see features.ts) around the skeleton below: the dashboard, the menu groups several features
 * share, and the placeholders of later issues. A feature route with a placeholder's path takes its
 * place. Roles come from the contracts' ACCESS table (seed section 6), the same table the server
 * enforces. Titles are the seed's Chinese back-office labels.
 */

const icon = {
  dashboard: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  setting: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  robot: () => import('@ant-design/icons/es/icons/RobotOutlined'),
  user: () => import('@ant-design/icons/es/icons/UserOutlined'),
  team: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  money: () => import('@ant-design/icons/es/icons/MoneyCollectOutlined'),
  order: () => import('@ant-design/icons/es/icons/ShoppingOutlined'),
  queue: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  account: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  sites: () => import('@ant-design/icons/es/icons/UnorderedListOutlined'),
} satisfies Record<string, MenuIcon>;

/** A main-table entry of the seed: a menu group when `group` is set, else a later issue's page. */
const seed = (
  order: number,
  path: string,
  meta: RouteMeta & { title: string; roles: readonly Role[] },
  group = false,
): FeatureRoute => ({ table: 'main', order, path, meta, ...(group ? { children: [] } : {}) });

const FINANCE = ['USDT管理', 'USDT转账记录', '充值记录', '提现记录'];
const FINANCE_PATHS = [
  '/finance/usdtList',
  '/finance/usdtTransfer',
  '/finance/recharge',
  '/finance/withdrawal',
];

const SKELETON: FeatureRoute[] = [
  { table: 'public', order: 130, path: '/price', meta: { title: 'price' } },
  { table: 'public', order: 140, path: '/discount', meta: { title: 'discount' } },
  {
    ...seed(10, '/dashboard', {
      title: '控制台',
      icon: icon.dashboard,
      affix: true,
      roles: ACCESS.dashboard,
    }),
    page: () => import('./dashboard-page'),
  },
  seed(50, '/admin', { title: '系统管理', icon: icon.setting, roles: ACCESS.adminGroup }, true),
  seed(60, '/bots/botsList', { title: '机器人列表', icon: icon.robot, roles: ACCESS.bots }),
  seed(70, '/users/users', { title: '用户管理', icon: icon.user, roles: ACCESS.users }),
  seed(80, '/groups/groups', { title: '群组管理', icon: icon.team, roles: ACCESS.groups }),
  seed(90, '/finance', { title: '财务管理', icon: icon.money, roles: ACCESS.finance }, true),
  ...FINANCE_PATHS.map((path, i) => ({
    ...seed((i + 1) * 10, path, { title: FINANCE[i], roles: ACCESS.finance }),
    group: '/finance',
  })),
  seed(100, '/orders/orders', { title: '交易订单', icon: icon.order, roles: ACCESS.orders }),
  seed(110, '/queue/queue', { title: '队列监控', icon: icon.queue, roles: ACCESS.queue }),
  seed(120, '/user', { title: '我的账号', icon: icon.account, roles: ACCESS.profile }, true),
];

const layoutPages = new Map<string, PageLoader>();

/**
 * A page of the main layout, loaded through the layout's registry (see back-office-pages.ts); one
 * loader per page, so routes sharing a page (文章添加, 文章编辑) share its lazy component.
 */
function backOffice(key: string): PageLoader {
  let loader = layoutPages.get(key);
  if (!loader) {
    loader = () => import('./back-office-pages').then((m) => m.backOfficePage(key)());
    layoutPages.set(key, loader);
  }
  return loader;
}

/** The routes of `table`, nested by group and sorted by order; later declarations of a path win. */
function compose(table: FeatureRoute['table']): AppRoute[] {
  const byPath = new Map<string, FeatureRoute & { folder?: string }>();
  for (const route of [...SKELETON, ...FEATURE_ROUTES]) {
    if (route.table === table) byPath.set(route.path, route);
  }
  const routes = [...byPath.values()].sort((a, b) => a.order - b.order);
  const build = (group: string | undefined): AppRoute[] =>
    routes
      .filter((r) => r.group === group)
      .map(({ table: _t, group: _g, order: _o, folder, layoutPage, children, ...route }) => {
        const page = layoutPage ? backOffice(`${folder}/pages/${layoutPage}`) : route.page;
        const nested = children ? [...children, ...build(route.path)] : undefined;
        return { ...route, ...(page ? { page } : {}), ...(nested ? { children: nested } : {}) };
      });
  return build(undefined);
}

/** Public routes: reachable without a session, rendered outside the main layout. */
export const publicRoutes: AppRoute[] = compose('public');

/** Main-layout routes of the seed table, in menu order. */
export const mainRoutes: AppRoute[] = compose('main');

/**
 * Site-analytics routes of seed section 2 (the non-admin menu); every one is site-scoped. A share
 * client reads the overview only (seed section 6), as the server's report calls enforce.
 */
export const siteRoutes: AppRoute[] = compose('site');

/** /dashboard as the first entry of the analytics menu, where it reads 站点列表. */
export const siteListEntry: AppRoute = {
  path: '/dashboard',
  meta: { title: '站点列表', icon: icon.sites, roles: ACCESS.dashboard },
};
