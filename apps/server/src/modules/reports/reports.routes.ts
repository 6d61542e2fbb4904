import {
  type AreaLanguage,
  allQuerySchema,
  allSchema,
  areaQuerySchema,
  dimQuerySchema,
  dimTableSchema,
  ipTableSchema,
  onlineSchema,
  overviewQuerySchema,
  overviewSchema,
  PREVIEW_BASE,
  PREVIEW_SITE_PATH,
  pageTableQuerySchema,
  pageTableSchema,
  REPORT_BASE,
  REPORT_PATHS,
  type ReportName,
  siteQuerySchema,
  trendQuerySchema,
  trendSchema,
  visitLogQuerySchema,
  visitLogSchema,
  visitPagesQuerySchema,
  visitPagesSchema,
} from '@tally/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import type { SitesService } from '../sites/sites.service.js';
import type { AllSitesService } from './all-sites.service.js';
import { type CsvColumn, toCsv } from './csv.js';
import { CSV_TABLES } from './csv-tables.js';
import type { OverviewService } from './overview.service.js';
import type { PreviewService } from './preview.service.js';
import { type ReportSite, summaryOf } from './report-site.js';
import type { Dimension, ReportsService } from './reports.service.js';
import type { VisitLogService } from './visit-log.service.js';

export interface ReportsRoutesDeps {
  sites: SitesService;
  reports: ReportsService;
  overview: OverviewService;
  visitLog: VisitLogService;
  allSites: AllSitesService;
  preview: PreviewService;
}

/** Which site(s) a call reads: the caller's selection, or the demo site for the preview. */
interface Scope {
  site(siteId: number | undefined): Promise<ReportSite>;
  sites(): Promise<ReportSite[]>;
}

type Csv = { columns: CsvColumn<never>[]; rows: unknown[] };

interface ReportDef<Q extends z.ZodType, D> {
  name: ReportName;
  access: 'siteOverview' | 'siteReports';
  query: Q;
  response: z.ZodType;
  run(scope: Scope, q: z.infer<Q>): Promise<D>;
  /** Tables only: the rows and columns of `format=csv`. */
  csv?(data: D, q: z.infer<Q>): Csv;
}

const def = <Q extends z.ZodType, D>(d: ReportDef<Q, D>) => d as unknown as ReportDef<z.ZodType, unknown>;
const table = <R>(columns: CsvColumn<R>[], rows: R[]): Csv => ({
  columns: columns as CsvColumn<never>[],
  rows,
});

/** A report of the one site the call names (the client's own, or the demo site in the preview). */
function onSite<Q extends z.ZodType<{ site_id?: number }>, D>(
  d: Omit<ReportDef<Q, D>, 'run' | 'access'> & {
    access?: ReportDef<Q, D>['access'];
    read(site: ReportSite, q: z.infer<Q>): Promise<D>;
  },
) {
  return def<Q, D>({
    access: 'siteReports',
    ...d,
    run: async (scope, q) => d.read(await scope.site(q.site_id), q),
  });
}

function definitions(d: ReportsRoutesDeps): ReportDef<z.ZodType, unknown>[] {
  const { reports } = d;
  const dim = (name: ReportName, dimension: Dimension) =>
    onSite({
      name,
      query: dimQuerySchema,
      response: dimTableSchema,
      read: (site, q) => reports.dimTable(site, dimension, q),
      csv: (data, q) => table(CSV_TABLES.dim(q.compare), data.list),
    });
  const pages = (name: ReportName, dimension: 'page' | 'domain') =>
    onSite({
      name,
      query: pageTableQuerySchema,
      response: pageTableSchema,
      read: (site, q) => reports.pageTable(site, dimension, q),
      csv: (data, q) => table(CSV_TABLES.page(q.compare), data.list),
    });
  return [
    def({
      name: 'all',
      access: 'siteReports',
      query: allQuerySchema,
      response: allSchema,
      run: async (scope, q) => d.allSites.all(await scope.sites(), q),
      csv: (data, q) => table(CSV_TABLES.all(q.compare), data.list),
    }),
    onSite({
      name: 'overview',
      access: 'siteOverview',
      query: overviewQuerySchema,
      response: overviewSchema,
      read: (site, q) => d.overview.overview(site, q),
    }),
    onSite({
      name: 'online',
      access: 'siteOverview',
      query: siteQuerySchema,
      response: onlineSchema,
      read: (site) => reports.online(site),
    }),
    onSite({
      name: 'visitor',
      query: visitLogQuerySchema,
      response: visitLogSchema,
      read: (site, q) => d.visitLog.log(site, q),
      csv: (data) => table(CSV_TABLES.visit(data.period.timezone), data.list),
    }),
    onSite({
      name: 'visitorPages',
      query: visitPagesQuerySchema,
      response: visitPagesSchema,
      read: (site, q) => d.visitLog.pages(site, q.id),
    }),
    onSite({
      name: 'trend',
      query: trendQuerySchema,
      response: trendSchema,
      read: (site, q) => reports.trend(site, q),
      csv: (data, q) => table(CSV_TABLES.trend(q.compare), data.points),
    }),
    onSite({
      name: 'area',
      query: areaQuerySchema,
      response: dimTableSchema,
      read: (site, q) => reports.areaTable(site, q),
      csv: (data, q) => table(CSV_TABLES.area(q.compare), data.list),
    }),
    onSite({
      name: 'ip',
      query: dimQuerySchema,
      response: ipTableSchema,
      read: (site, q) => reports.ipTable(site, q),
      csv: (data, q) => table(CSV_TABLES.ip(q.compare), data.list),
    }),
    dim('referCategory', 'category'),
    dim('referDomain', 'ref_domain'),
    dim('referPage', 'referrer'),
    dim('searchEngine', 'engine'),
    dim('keyword', 'keyword'),
    dim('entryPage', 'entry'),
    pages('contentPage', 'page'),
    pages('contentDomain', 'domain'),
  ];
}

async function answer(
  report: ReportDef<z.ZodType, unknown>,
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const q = request.query as { format?: 'json' | 'csv'; lang?: AreaLanguage };
  const data = await report.run(scope, q);
  if (q.format !== 'csv' || !report.csv) return data;
  const { columns, rows } = report.csv(data, q);
  const period = (data as { period?: { from: string; to: string } }).period;
  const name = `${report.name}${period ? `-${period.from}-${period.to}` : ''}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(toCsv(columns, rows as never[], q.lang ?? 'zh-CN'));
}

/**
 * Every report twice: under REPORT_BASE for signed-in callers (their selected site, HTTP 501 without
 * one), and under PREVIEW_BASE without login, pinned to the demo site.
 */
export async function reportsRoutes(app: FastifyInstance, deps: ReportsRoutesDeps) {
  const tags = ['reports'];
  const previewScope: Scope = {
    site: () => deps.preview.current(),
    sites: async () => [await deps.preview.current()],
  };
  for (const report of definitions(deps)) {
    const schema = { tags, querystring: report.query, response: { 200: report.response } };
    app.get(
      `${REPORT_BASE}${REPORT_PATHS[report.name]}`,
      { config: { access: report.access }, schema },
      (request, reply) => {
        const auth = requireAuth(request);
        const scope: Scope = {
          site: (siteId) => deps.sites.readable(auth, siteId),
          sites: () => deps.sites.readableList(auth),
        };
        return answer(report, scope, request, reply);
      },
    );
    app.get(
      `${PREVIEW_BASE}${REPORT_PATHS[report.name]}`,
      { config: { access: 'public' }, schema: { ...schema, tags: ['preview'] } },
      (request, reply) => answer(report, previewScope, request, reply),
    );
  }
  app.get(
    PREVIEW_SITE_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['preview'],
        response: { 200: overviewSchema.shape.site },
      },
    },
    async () => summaryOf(await deps.preview.current()),
  );
}
