import { ACCESS } from '@tally/contracts';
import type { AppRoute, FeatureRoute, MenuIcon, PageLoader, WebFeature } from '../../lib/route-types';
import type { ReportPageName } from './pages/report-pages';

/**
 * Report pages load through their index chunk: thirteen pages' preload lists would otherwise sit in
 * the entry that /login downloads.
 */
const reportPage =
  (name: ReportPageName): PageLoader =>
  () =>
    import('./pages/report-pages').then((m) => m.reportPages[name]());

const roles = ACCESS.siteReports;

const icon = {
  all: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  overview: () => import('@ant-design/icons/es/icons/FundOutlined'),
  visitor: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
  trend: () => import('@ant-design/icons/es/icons/LineChartOutlined'),
  visitors: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  refer: () => import('@ant-design/icons/es/icons/LinkOutlined'),
  content: () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  events: () => import('@ant-design/icons/es/icons/ThunderboltOutlined'),
} satisfies Record<string, MenuIcon>;

const leaf = (path: string, title: string, name: ReportPageName): AppRoute => ({
  path,
  meta: { title, roles },
  page: reportPage(name),
});

const site = (order: number, route: AppRoute): FeatureRoute => ({ table: 'site', order, ...route });

/** The public preview, and the site-analytics menu of seed section 2 (every page site-scoped). */
export const feature: WebFeature = {
  routes: [
    {
      table: 'public',
      order: 80,
      path: '/preview',
      meta: { title: 'preview' },
      page: () => import('./pages/preview-page'),
    },
    site(10, {
      path: '/site/all',
      meta: { title: '数据总览', icon: icon.all, roles },
      page: reportPage('all'),
    }),
    // A share client reads the overview only (seed section 6), as the server's report calls enforce.
    site(20, {
      path: '/site/overview',
      meta: { title: '站点概况', icon: icon.overview, roles: ACCESS.siteOverview },
      page: reportPage('overview'),
    }),
    site(30, {
      path: '/site/visitor',
      meta: { title: '访问明细', icon: icon.visitor, roles },
      page: reportPage('visitor'),
    }),
    site(40, {
      path: '/site/trend/comId',
      meta: { title: '趋势分析', icon: icon.trend, roles },
      page: reportPage('trend'),
    }),
    site(50, {
      path: '/site/visitors',
      meta: { title: '访客分析', icon: icon.visitors, roles },
      children: [leaf('/site/visitors/area', '地域分布', 'area'), leaf('/site/visitors/ip', '访客IP', 'ip')],
    }),
    site(60, {
      path: '/site/refer',
      meta: { title: '来源分析', icon: icon.refer, roles },
      children: [
        leaf('/site/refer/comId', '来源分类', 'referCategory'),
        leaf('/site/refer/total', '来路网站', 'referTotal'),
        leaf('/site/refer/search_engine', '搜索引擎', 'searchEngine'),
        leaf('/site/refer/keyword', '搜索词', 'keyword'),
      ],
    }),
    site(70, {
      path: '/site/content',
      meta: { title: '受访分析', icon: icon.content, roles },
      children: [
        leaf('/site/content/comId', '受访页面', 'contentPage'),
        leaf('/site/content/src', '入口页面', 'entryPage'),
        leaf('/site/content/domain', '受访域名', 'contentDomain'),
      ],
    }),
    // Not in the seed's menu (issue 28): custom events, after the seed's groups.
    site(80, {
      path: '/site/events',
      meta: { title: '事件统计', icon: icon.events, roles },
      page: reportPage('events'),
    }),
  ],
};
