import { DEMO_SITES } from './accounts';
import { apiContext, call, loginToken } from './api';

export interface SiteRef {
  id: number;
  name: string;
  domain: string;
}

let cached: SiteRef[] | null = null;

/** The demo account's traffic-filled sites (made by the CLI at server start), in DEMO_SITES order. */
export async function demoSites(): Promise<SiteRef[]> {
  if (cached) return cached;
  const ctx = await apiContext(await loginToken('demo'));
  try {
    const page = await call<{ list: SiteRef[] }>(ctx, 'GET', '/api/v1/api2/sites/fetch?limit=50');
    cached = DEMO_SITES.map((name) => {
      const site = page.list.find((s) => s.name === name);
      if (!site) throw new Error(`demo site ${name} missing: ${JSON.stringify(page.list)}`);
      return { id: site.id, name: site.name, domain: site.domain };
    });
    return cached;
  } finally {
    await ctx.dispose();
  }
}

/** Report pages of seed section 2 with their heading (zh) and the table that proves data arrived. */
export const REPORT_PAGES = [
  { path: '/site/all', title: '数据总览', name: 'all', ready: 'table-all' },
  { path: '/site/overview', title: '站点概况', name: 'overview', ready: 'overview-kpis' },
  { path: '/site/visitor', title: '访问明细', name: 'visitor', ready: 'table-visitor' },
  { path: '/site/trend/comId', title: '趋势分析', name: 'trend', ready: 'table-trend' },
  { path: '/site/visitors/area', title: '地域分布', name: 'area', ready: 'table-area' },
  { path: '/site/visitors/ip', title: '访客IP', name: 'ip', ready: 'table-ip' },
  { path: '/site/refer/comId', title: '来源分类', name: 'referCategory', ready: 'table-referCategory' },
  { path: '/site/refer/total', title: '来路网站', name: 'referTotal', ready: 'table-referDomain' },
  { path: '/site/refer/search_engine', title: '搜索引擎', name: 'searchEngine', ready: 'table-searchEngine' },
  { path: '/site/refer/keyword', title: '搜索词', name: 'keyword', ready: 'table-keyword' },
  { path: '/site/content/comId', title: '受访页面', name: 'contentPage', ready: 'table-contentPage' },
  { path: '/site/content/src', title: '入口页面', name: 'entryPage', ready: 'table-entryPage' },
  { path: '/site/content/domain', title: '受访域名', name: 'contentDomain', ready: 'table-contentDomain' },
] as const;
