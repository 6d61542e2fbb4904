import { defineApi, type EndpointAccess, endpoint, pathsOf } from './endpoint-core.js';
import { PREVIEW_BASE, PREVIEW_SITE_PATH, REPORT_BASE } from './report-constants.js';
import {
  allQuerySchema,
  allSchema,
  areaQuerySchema,
  dimQuerySchema,
  dimTableSchema,
  eventsQuerySchema,
  eventsReportSchema,
  ipTableSchema,
  onlineSchema,
  overviewQuerySchema,
  overviewSchema,
  pageTableQuerySchema,
  pageTableSchema,
  siteQuerySchema,
  trendQuerySchema,
  trendSchema,
  visitLogQuerySchema,
  visitLogSchema,
  visitPagesQuerySchema,
  visitPagesSchema,
} from './reports-schemas.js';

export * from './report-constants.js';

/**
 * Site reports (seed section 2, "Site-analytics menu paths"): every call is a GET whose query names the
 * site and the period; reports-schemas.ts holds the queries and answers with the figures' definitions.
 */

/** Column headings of CSV exports (and of tables that want them). */
export const REPORT_COLUMNS: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  key: { 'zh-CN': '名称', 'en-US': 'Name' },
  pv: { 'zh-CN': '浏览量(PV)', 'en-US': 'Page views (PV)' },
  uv: { 'zh-CN': '访客数(UV)', 'en-US': 'Visitors (UV)' },
  ip: { 'zh-CN': 'IP数', 'en-US': 'IPs' },
  visits: { 'zh-CN': '访问次数', 'en-US': 'Visits' },
  new_visitors: { 'zh-CN': '新访客数', 'en-US': 'New visitors' },
  bounce_rate: { 'zh-CN': '跳出率', 'en-US': 'Bounce rate' },
  avg_duration: { 'zh-CN': '平均访问时长(秒)', 'en-US': 'Avg. visit duration (s)' },
  entries: { 'zh-CN': '入口次数', 'en-US': 'Entries' },
  exits: { 'zh-CN': '退出次数', 'en-US': 'Exits' },
  exit_rate: { 'zh-CN': '退出率', 'en-US': 'Exit rate' },
  avg_time: { 'zh-CN': '平均停留时长(秒)', 'en-US': 'Avg. time on page (s)' },
  ratio: { 'zh-CN': '占比', 'en-US': 'Share' },
  ip_address: { 'zh-CN': 'IP地址', 'en-US': 'IP address' },
  area: { 'zh-CN': '地域', 'en-US': 'Area' },
  last_day: { 'zh-CN': '最后访问', 'en-US': 'Last visit' },
  site: { 'zh-CN': '站点', 'en-US': 'Site' },
  started_at: { 'zh-CN': '访问时间', 'en-US': 'Time' },
  visitor: { 'zh-CN': '访客标识', 'en-US': 'Visitor' },
  is_new: { 'zh-CN': '新访客', 'en-US': 'New visitor' },
  referrer: { 'zh-CN': '来源', 'en-US': 'Referrer' },
  ref_category: { 'zh-CN': '来源类型', 'en-US': 'Source type' },
  engine: { 'zh-CN': '搜索引擎', 'en-US': 'Search engine' },
  keyword: { 'zh-CN': '搜索词', 'en-US': 'Keyword' },
  entry_url: { 'zh-CN': '入口页面', 'en-US': 'Entry page' },
  exit_url: { 'zh-CN': '退出页面', 'en-US': 'Exit page' },
  pageviews: { 'zh-CN': '访问页数', 'en-US': 'Pages' },
  duration: { 'zh-CN': '访问时长(秒)', 'en-US': 'Duration (s)' },
  device: { 'zh-CN': '设备', 'en-US': 'Device' },
  browser: { 'zh-CN': '浏览器', 'en-US': 'Browser' },
  os: { 'zh-CN': '操作系统', 'en-US': 'OS' },
  previous: { 'zh-CN': '上一周期', 'en-US': 'Previous period' },
};

// ---------------------------------------------------------------- the calls

/**
 * Every report once: its path below REPORT_BASE and PREVIEW_BASE, who may read it signed in, its
 * query and its answer. Tables also answer `format=csv` (the whole table as a file) on the same call.
 * REPORT_API and PREVIEW_API are both made from it.
 */
const REPORTS = {
  /** /site/all: every readable site side by side. */
  all: endpoint({
    method: 'GET',
    path: '/all',
    access: 'siteReports',
    summary: 'Every readable site side by side, with the totals and one trend of them all',
    query: allQuerySchema,
    response: allSchema,
  }),
  /** /site/overview. */
  overview: endpoint({
    method: 'GET',
    path: '/overview',
    access: 'siteOverview',
    summary: "A site's day at a glance: today and yesterday, by hour, the top lists, who is online",
    query: overviewQuerySchema,
    response: overviewSchema,
  }),
  /** Visitors active in the last 5 minutes. */
  online: endpoint({
    method: 'GET',
    path: '/online',
    access: 'siteOverview',
    summary: 'Visitors and page views of the last 5 minutes',
    query: siteQuerySchema,
    response: onlineSchema,
  }),
  /** /site/visitor: one row per visit. */
  visitor: endpoint({
    method: 'GET',
    path: '/visitor',
    access: 'siteReports',
    summary: 'The visit log: one row per visit (format=csv: the whole log)',
    query: visitLogQuerySchema,
    response: visitLogSchema,
  }),
  /** The pages of one visit, in order. */
  visitorPages: endpoint({
    method: 'GET',
    path: '/visitor/pages',
    access: 'siteReports',
    summary: 'The pages and events of one visit, in order',
    query: visitPagesQuerySchema,
    response: visitPagesSchema,
  }),
  /** /site/trend/comId. */
  trend: endpoint({
    method: 'GET',
    path: '/trend',
    access: 'siteReports',
    summary: 'Every metric by hour or day over a period (format=csv)',
    query: trendQuerySchema,
    response: trendSchema,
  }),
  /** /site/visitors/area. */
  area: endpoint({
    method: 'GET',
    path: '/visitors/area',
    access: 'siteReports',
    summary: 'Visits by Chinese province or by country (format=csv)',
    query: areaQuerySchema,
    response: dimTableSchema,
  }),
  /** /site/visitors/ip. */
  ip: endpoint({
    method: 'GET',
    path: '/visitors/ip',
    access: 'siteReports',
    summary: 'Visits by visitor IP address (format=csv)',
    query: dimQuerySchema,
    response: ipTableSchema,
  }),
  /** /site/refer/comId: direct, search, social, external. */
  referCategory: endpoint({
    method: 'GET',
    path: '/refer/category',
    access: 'siteReports',
    summary: 'Visits by kind of source: direct, search, AI, social, external (format=csv)',
    query: dimQuerySchema,
    response: dimTableSchema,
  }),
  /** /site/refer/total: referring domains... */
  referDomain: endpoint({
    method: 'GET',
    path: '/refer/domain',
    access: 'siteReports',
    summary: 'Visits by referring domain (format=csv)',
    query: dimQuerySchema,
    response: dimTableSchema,
  }),
  /** ...and referring pages. */
  referPage: endpoint({
    method: 'GET',
    path: '/refer/page',
    access: 'siteReports',
    summary: 'Visits by referring page (format=csv)',
    query: dimQuerySchema,
    response: dimTableSchema,
  }),
  /** /site/refer/search_engine. */
  searchEngine: endpoint({
    method: 'GET',
    path: '/refer/engine',
    access: 'siteReports',
    summary: 'Visits by search engine (format=csv)',
    query: dimQuerySchema,
    response: dimTableSchema,
  }),
  /** /site/refer/keyword. */
  keyword: endpoint({
    method: 'GET',
    path: '/refer/keyword',
    access: 'siteReports',
    summary: 'Visits by search keyword (format=csv)',
    query: dimQuerySchema,
    response: dimTableSchema,
  }),
  /** /site/content/comId: visited pages. */
  contentPage: endpoint({
    method: 'GET',
    path: '/content/page',
    access: 'siteReports',
    summary: 'Page views by visited page (format=csv)',
    query: pageTableQuerySchema,
    response: pageTableSchema,
  }),
  /** /site/content/src: entry pages. */
  entryPage: endpoint({
    method: 'GET',
    path: '/content/entry',
    access: 'siteReports',
    summary: 'Visits by entry page (format=csv)',
    query: dimQuerySchema,
    response: dimTableSchema,
  }),
  /** /site/events: custom events and their properties (not in the seed: issue 28). */
  events: endpoint({
    method: 'GET',
    path: '/events',
    access: 'siteReports',
    summary: "Custom events by name, by day, and one event's properties",
    query: eventsQuerySchema,
    response: eventsReportSchema,
  }),
  /** /site/content/domain. */
  contentDomain: endpoint({
    method: 'GET',
    path: '/content/domain',
    access: 'siteReports',
    summary: 'Page views by visited host (format=csv)',
    query: pageTableQuerySchema,
    response: pageTableSchema,
  }),
};

export type ReportName = keyof typeof REPORTS;

/** A report served below `base`: its path, who may read it and its summary there. */
type ReportUnder<N extends ReportName, A extends EndpointAccess> = Omit<
  (typeof REPORTS)[N],
  'path' | 'access' | 'summary'
> & { path: string; access: A; summary: string };

/** Every report below `base`, readable by `access` (each its own when left out), its summary `noted`. */
function reportsUnder<A extends EndpointAccess | undefined = undefined>(
  base: string,
  access?: A,
  noted: (summary: string) => string = (summary) => summary,
): { [N in ReportName]: ReportUnder<N, A extends EndpointAccess ? A : (typeof REPORTS)[N]['access']> } {
  // Built key by key, which TypeScript cannot follow: the declared type says what each key holds.
  return Object.fromEntries(
    Object.entries(REPORTS).map(([name, report]) => [
      name,
      {
        ...report,
        path: `${base}${report.path}`,
        access: access ?? report.access,
        // The web build strips summaries: only the server's API document reads them.
        summary: report.summary && noted(report.summary),
      },
    ]),
  ) as never;
}

/**
 * The reports of the signed-in caller: the selected site (`site_id`; HTTP 501 when there is none) or,
 * for `all`, every site they may read.
 */
export const REPORT_API = defineApi('reports', reportsUnder(REPORT_BASE));

/** The same reports without login, pinned to the generated demo site (`/preview`), and that site. */
export const PREVIEW_API = defineApi('preview', {
  ...reportsUnder(PREVIEW_BASE, 'public', (summary) => `${summary}, on the demo site`),
  /** The demo site the preview reads (`siteSummary` + `timezone`), generated on first use. */
  site: endpoint({
    method: 'GET',
    path: PREVIEW_SITE_PATH,
    access: 'public',
    summary: 'The demo site the preview reads, generated on first use',
    response: overviewSchema.shape.site,
  }),
});

/** Each report's path below REPORT_BASE (and PREVIEW_BASE), for tests that name a report by path. */
export const REPORT_PATHS = pathsOf(REPORTS);
