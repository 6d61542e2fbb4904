import {
  type AreaQuery,
  type DimQuery,
  type DimTable,
  EXACT_TABLE_DAYS,
  type IpTable,
  MAX_EXPORT_ROWS,
  ONLINE_WINDOW_MINUTES,
  type Online,
  type PageTable,
  type PageTableQuery,
  type Period,
  type RangeQuery,
  TOP_PER_DAY,
  type Trend,
  type TrendQuery,
  type VisitLogQuery,
} from '@tally/contracts';
import { bounds, daysBetween, eachDay, eachHour, resolvePeriod } from '../../lib/period.js';
import type { IpSketchesRepository } from './ip-sketches.repository.js';
import { addSums, type Sums, toMetrics, ZERO } from './metrics.js';
import type { RawReportsRepository, VisitEvent, VisitFilter, VisitRecord } from './raw.repository.js';
import type { ReportSite } from './report-site.js';
import type { RollupReadsRepository, RowSet } from './rollup-reads.repository.js';
import {
  dimensionRows,
  type KeyedRows,
  leadingRows,
  type PageArgs,
  type TableContext,
  toDimRow,
  toIpRow,
  toPageRow,
} from './tables.js';

/** Report dimensions of the rollups (rollups.sql.ts) that tables read. */
export type Dimension =
  | 'category'
  | 'ref_domain'
  | 'referrer'
  | 'engine'
  | 'keyword'
  | 'entry'
  | 'page'
  | 'domain'
  | 'visitor_type'
  | 'cn_province'
  | 'country';

/** A trend's points: each day or hour of the period with its sums. */
type TrendSeries = { key: string; sums: Sums }[];

type TableQuery = { page: number; limit: number; sort: string; format: 'json' | 'csv' } & RangeQuery;

export interface ReportsDeps {
  rollups: RollupReadsRepository;
  raw: RawReportsRepository;
  ipSketches: IpSketchesRepository;
  /** Test seam: the reports' "now". */
  now?: () => Date;
}

/**
 * The reports' reads: figures over whole local days and hours from the rollups, and what only raw
 * visits can answer (spans shorter than a day, visitors online, the visits themselves). The overview
 * and the visit log compose their answers from these and read neither repository themselves.
 */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  period(site: ReportSite, q: RangeQuery): Period {
    return resolvePeriod(q, site.timezone, this.now());
  }

  /** The site's totals over local dates from..to (daily rollups: uv and ip are sums of days). */
  async siteSums(site: ReportSite, from: string, to: string): Promise<Sums> {
    return addSums(await this.deps.rollups.siteDays([{ siteId: site.id, from, to }]));
  }

  async context(site: ReportSite, q: RangeQuery): Promise<TableContext> {
    const period = this.period(site, q);
    const [summary, previousSummary] = await Promise.all([
      this.siteSums(site, period.from, period.to),
      q.compare ? this.siteSums(site, period.previous_from, period.previous_to) : undefined,
    ]);
    return { site, period, summary, previousSummary };
  }

  private static page(q: TableQuery): PageArgs {
    return q.format === 'csv'
      ? { sort: q.sort, limit: MAX_EXPORT_ROWS, offset: 0 }
      : { sort: q.sort, limit: q.limit, offset: (q.page - 1) * q.limit };
  }

  /**
   * The rows a table over the context's period reads: every key up to EXACT_TABLE_DAYS days, each day's
   * top keys over longer periods (docs/product.md, "Exact and estimated report figures").
   */
  static rowSet(ctx: TableContext): RowSet {
    return daysBetween(ctx.period.from, ctx.period.to) + 1 <= EXACT_TABLE_DAYS ? 'all' : 'top';
  }

  /** The answer's `top_per_day`: null when its lists hold every key. */
  static topPerDay(ctx: TableContext): number | null {
    return ReportsService.rowSet(ctx) === 'top' ? TOP_PER_DAY : null;
  }

  private static frame(ctx: TableContext, q: TableQuery, total: number) {
    return {
      top_per_day: ReportsService.topPerDay(ctx),
      total,
      page: q.page,
      limit: q.limit,
      period: ctx.period,
      summary: toMetrics(ctx.summary),
      previous_summary: ctx.previousSummary ? toMetrics(ctx.previousSummary) : null,
    };
  }

  /**
   * A page of one dimension over the context's period (and the same keys over the previous one), from
   * the rows its length calls for (rowSet).
   */
  keyedRows(ctx: TableContext, dim: string, page: PageArgs): Promise<KeyedRows> {
    return dimensionRows(this.deps.rollups, ctx, dim, page, ReportsService.rowSet(ctx));
  }

  /** The first `limit` keys of a dimension by its days' ranking metric (the overview's lists), no total. */
  leadingRows(ctx: TableContext, dim: string, limit: number): Promise<KeyedRows['rows']> {
    return leadingRows(this.deps.rollups, ctx, dim, limit, ReportsService.rowSet(ctx));
  }

  private async rowsOf(site: ReportSite, dim: string, q: TableQuery) {
    const ctx = await this.context(site, q);
    const { rows, total } = await this.keyedRows(ctx, dim, ReportsService.page(q));
    return { ctx, rows, total };
  }

  async dimTable(site: ReportSite, dim: Dimension, q: DimQuery): Promise<DimTable> {
    const { ctx, rows, total } = await this.rowsOf(site, dim, q);
    return { list: rows.map((r) => toDimRow(ctx, r)), ...ReportsService.frame(ctx, q, total) };
  }

  /** Chinese provinces (the map) or every country. */
  areaTable(site: ReportSite, q: AreaQuery): Promise<DimTable> {
    return this.dimTable(site, q.scope === 'province' ? 'cn_province' : 'country', q);
  }

  /** The addresses over the period, and over long periods (rowSet `top`) the estimated number of all. */
  async ipTable(site: ReportSite, q: DimQuery): Promise<IpTable> {
    const { ctx, rows, total } = await this.rowsOf(site, 'ip', q);
    const { from, to } = ctx.period;
    const addresses =
      ReportsService.rowSet(ctx) === 'top' ? await this.deps.ipSketches.addresses(site.id, from, to) : null;
    return { list: rows.map((r) => toIpRow(ctx, r)), ...ReportsService.frame(ctx, q, total), addresses };
  }

  async pageTable(site: ReportSite, dim: 'page' | 'domain', q: PageTableQuery): Promise<PageTable> {
    const { ctx, rows, total } = await this.rowsOf(site, dim, q);
    return { list: rows.map((r) => toPageRow(ctx, r)), ...ReportsService.frame(ctx, q, total) };
  }

  /** The site by local day, or by hour, over local dates from..to; missing points are zero. */
  async series(
    site: ReportSite,
    from: string,
    to: string,
    granularity: 'hour' | 'day',
  ): Promise<TrendSeries> {
    if (granularity === 'day') {
      const rows = await this.deps.rollups.siteDays([{ siteId: site.id, from, to }]);
      const byDay = new Map(rows.map((r) => [r.at, r]));
      return eachDay(from, to).map((key) => ({ key, sums: (byDay.get(key) ?? ZERO) as Sums }));
    }
    const hours = eachHour(from, to, site.timezone);
    const rows = await this.deps.rollups.siteHours([
      { siteId: site.id, start: hours[0]!.hour, end: bounds(from, to, site.timezone).end },
    ]);
    const byHour = new Map(rows.map((r) => [r.at, r]));
    return hours.map((h) => ({ key: h.key, sums: (byHour.get(h.hour.toISOString()) ?? ZERO) as Sums }));
  }

  async trend(site: ReportSite, q: TrendQuery): Promise<Trend> {
    const period = this.period(site, q);
    const [current, previous] = await Promise.all([
      this.series(site, period.from, period.to, q.granularity),
      q.compare ? this.series(site, period.previous_from, period.previous_to, q.granularity) : undefined,
    ]);
    // Totals add whole days even by hour (hourly visitor counts do not add up to a day's); by day the
    // series already holds those days, so only the hourly trend reads them again.
    const totalOf = async (series: TrendSeries, from: string, to: string) =>
      q.granularity === 'day' ? addSums(series.map((p) => p.sums)) : this.siteSums(site, from, to);
    const [summary, previousSummary] = await Promise.all([
      totalOf(current, period.from, period.to),
      previous && totalOf(previous, period.previous_from, period.previous_to),
    ]);
    return {
      granularity: q.granularity,
      period,
      points: current.map((p, i) => {
        const before = previous?.[i];
        return {
          key: p.key,
          current: toMetrics(p.sums),
          ...(before ? { previous_key: before.key, previous: toMetrics(before.sums) } : {}),
        };
      }),
      totals: toMetrics(summary),
      previous_totals: previousSummary ? toMetrics(previousSummary) : null,
    };
  }

  async online(site: ReportSite): Promise<Online> {
    const now = this.now();
    const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);
    return { ...(await this.deps.raw.online(site.id, since)), at: now.toISOString() };
  }

  /** The site's totals of the visits that started in [start, end), from raw visits (spans under a day). */
  liveSums(site: ReportSite, start: Date, end: Date): Promise<Sums> {
    return this.deps.raw.visitSums(site.id, start, end);
  }

  /** Visits of one key of a dimension over whole local dates from..to, from the rollups. */
  keyVisits(site: ReportSite, dim: string, key: string, from: string, to: string): Promise<number> {
    return this.deps.rollups.visitsOf(site.id, dim, key, from, to);
  }

  /** A page of the raw visits a filter keeps. */
  visits(
    filter: VisitFilter,
    page: { sort: VisitLogQuery['sort']; limit: number; offset: number },
  ): Promise<VisitRecord[]> {
    return this.deps.raw.visits(filter, page);
  }

  /** How many raw visits a filter keeps. */
  countVisits(filter: VisitFilter): Promise<number> {
    return this.deps.raw.countVisits(filter);
  }

  /** Page views, events and pings of one visit of the site, in time order. */
  visitEvents(site: ReportSite, visitId: number): Promise<VisitEvent[]> {
    return this.deps.raw.visitEvents(site.id, visitId);
  }
}
