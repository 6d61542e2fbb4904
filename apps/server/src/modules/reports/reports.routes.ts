import {
  type DimQuery,
  type DimTable,
  type Endpoint,
  type EndpointData,
  type EndpointParsed,
  type PageTable,
  type PageTableQuery,
  PREVIEW_API,
  REPORT_API,
  type ReportName,
} from '@tally/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiHandlers, type EndpointHandler, routes } from '../../lib/endpoint-routes.js';
import { requireAuth } from '../../plugins/auth.js';
import type { SitesService } from '../sites/sites.service.js';
import type { AllSitesService } from './all-sites.service.js';
import { type CsvColumn, toCsv } from './csv.js';
import { CSV_TABLES } from './csv-tables.js';
import type { EventsReportService } from './events.service.js';
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
  eventsReport: EventsReportService;
  preview: PreviewService;
}

/** Which site(s) a call reads: the caller's selection, or the demo site for the preview. */
interface Scope {
  site(siteId: number | undefined): Promise<ReportSite>;
  sites(): Promise<ReportSite[]>;
}

type Csv = { columns: CsvColumn<never>[]; rows: unknown[] };

type Query<N extends ReportName> = EndpointParsed<(typeof REPORT_API)[N]>;
type Data<N extends ReportName> = EndpointData<(typeof REPORT_API)[N]>;

/** How a report is read, under either base; tables also say how they read as CSV (`format=csv`). */
interface Report<N extends ReportName> {
  run(scope: Scope, q: Query<N>): Promise<Data<N>>;
  csv?(data: Data<N>, q: Query<N>): Csv;
}

type Reports = { [N in ReportName]: Report<N> };

const table = <R>(columns: CsvColumn<R>[], rows: R[]): Csv => ({
  columns: columns as CsvColumn<never>[],
  rows,
});

/** A report of the one site the call names (the client's own, or the demo site in the preview). */
function onSite<Q extends { site_id?: number }, D>(
  read: (site: ReportSite, q: Q) => Promise<D>,
  csv?: (data: D, q: Q) => Csv,
): { run(scope: Scope, q: Q): Promise<D>; csv?(data: D, q: Q): Csv } {
  return { run: async (scope, q) => read(await scope.site(q.site_id), q), csv };
}

function definitions(d: ReportsRoutesDeps): Reports {
  const { reports } = d;
  const dim = (dimension: Dimension, columns = CSV_TABLES.dim) =>
    onSite<DimQuery, DimTable>(
      (site, q) => reports.dimTable(site, dimension, q),
      (data, q) => table(columns(q.compare), data.list),
    );
  const pages = (dimension: 'page' | 'domain') =>
    onSite<PageTableQuery, PageTable>(
      (site, q) => reports.pageTable(site, dimension, q),
      (data, q) => table(CSV_TABLES.page(q.compare), data.list),
    );
  return {
    all: {
      run: async (scope, q) => d.allSites.all(await scope.sites(), q),
      csv: (data, q) => table(CSV_TABLES.all(q.compare), data.list),
    },
    overview: onSite((site, q) => d.overview.overview(site, q)),
    online: onSite((site) => reports.online(site)),
    visitor: onSite(
      (site, q) => d.visitLog.log(site, q),
      (data) => table(CSV_TABLES.visit(data.period.timezone), data.list),
    ),
    visitorPages: onSite((site, q) => d.visitLog.pages(site, q.id)),
    trend: onSite(
      (site, q) => reports.trend(site, q),
      (data, q) => table(CSV_TABLES.trend(q.compare), data.points),
    ),
    area: onSite(
      (site, q) => reports.areaTable(site, q),
      (data, q) => table(CSV_TABLES.area(q.compare), data.list),
    ),
    ip: onSite(
      (site, q) => reports.ipTable(site, q),
      (data, q) => table(CSV_TABLES.ip(q.compare), data.list),
    ),
    referCategory: dim('category', CSV_TABLES.category),
    referDomain: dim('ref_domain'),
    referPage: dim('referrer'),
    searchEngine: dim('engine', CSV_TABLES.engine),
    keyword: dim('keyword'),
    entryPage: dim('entry'),
    contentPage: pages('page'),
    contentDomain: pages('domain'),
    events: onSite((site, q) => d.eventsReport.events(site, q)),
  };
}

/** The report's data, or with `format=csv` the reply after sending the whole table as a file. */
async function answer(
  name: ReportName,
  report: Report<ReportName>,
  scope: Scope,
  q: Query<ReportName>,
  reply: FastifyReply,
) {
  const data = await report.run(scope, q);
  if (!report.csv || !('format' in q) || q.format !== 'csv') return data;
  const { columns, rows } = report.csv(data, q);
  const period = 'period' in data ? data.period : undefined;
  const file = `${name}${period ? `-${period.from}-${period.to}` : ''}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .send(toCsv(columns, rows as never[], q.lang));
}

/** Every report of an API (REPORT_API, PREVIEW_API), read in the scope a request gets. */
function handlers<A extends Record<ReportName, Endpoint>>(
  reports: Reports,
  scopeOf: (request: FastifyRequest) => Scope,
) {
  const out: Partial<Record<ReportName, EndpointHandler<(typeof REPORT_API)[ReportName]>>> = {};
  for (const name of Object.keys(reports) as ReportName[]) {
    const report: Report<ReportName> = reports[name];
    out[name] = (q, request, reply) => answer(name, report, scopeOf(request), q, reply);
  }
  // Filled key by key above: TypeScript cannot follow each key's own query and data through the loop.
  return out as ApiHandlers<Pick<A, ReportName>>;
}

/**
 * Every report twice: under REPORT_BASE for signed-in callers (their selected site, HTTP 501 without
 * one), and under PREVIEW_BASE without login, pinned to the demo site.
 */
export async function reportsRoutes(app: FastifyInstance, deps: ReportsRoutesDeps) {
  const reports = definitions(deps);
  routes(
    app,
    REPORT_API,
    handlers<typeof REPORT_API>(reports, (request) => {
      const auth = requireAuth(request);
      return {
        site: (siteId) => deps.sites.readable(auth, siteId),
        sites: () => deps.sites.readableList(auth),
      };
    }),
  );
  const demo: Scope = {
    site: () => deps.preview.current(),
    sites: async () => [await deps.preview.current()],
  };
  routes(app, PREVIEW_API, {
    ...handlers<typeof PREVIEW_API>(reports, () => demo),
    site: async () => summaryOf(await deps.preview.current()),
  });
}
