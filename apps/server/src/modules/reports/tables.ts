import { areaText, type DimRow, type IpRow, type PageRow, type Period } from '@tally/contracts';
import { lookupArea } from '../../lib/ip-area.js';
import { type PageSums, rate, type Sums, toMetrics, toPageMetrics, ZERO } from './metrics.js';
import type { ReportSite } from './report-site.js';
import type { KeyRow, RollupReadsRepository, RowSet } from './rollup-reads.repository.js';

/** The period of a report and the site's totals over it (and over the previous period, with compare). */
export interface TableContext {
  site: ReportSite;
  period: Period;
  summary: Sums;
  previousSummary?: Sums;
}

export interface PageArgs {
  sort: string;
  limit: number;
  offset: number;
}

export interface KeyedRows {
  rows: { current: KeyRow; previous?: PageSums }[];
  total: number;
}

/**
 * A page of one rollup dimension (of the row set `set`), with the same keys over the previous period
 * when compared.
 */
export async function dimensionRows(
  repo: RollupReadsRepository,
  ctx: TableContext,
  dim: string,
  page: PageArgs,
  set: RowSet = 'all',
): Promise<KeyedRows> {
  const { site, period } = ctx;
  const { rows, total } = await repo.keys(site.id, dim, period.from, period.to, page, set);
  return { rows: await withPrevious(repo, ctx, dim, rows, set), total };
}

/**
 * The first `limit` keys of a dimension by the metric its days rank keys by, without a total (the
 * overview's lists), with the same keys over the previous period when compared.
 */
export async function leadingRows(
  repo: RollupReadsRepository,
  ctx: TableContext,
  dim: string,
  limit: number,
  set: RowSet = 'all',
): Promise<KeyedRows['rows']> {
  const { site, period } = ctx;
  return withPrevious(
    repo,
    ctx,
    dim,
    await repo.firstKeys(site.id, dim, period.from, period.to, limit, set),
    set,
  );
}

/** Rows of the period, each with the same key over the previous period when compared. */
async function withPrevious(
  repo: RollupReadsRepository,
  ctx: TableContext,
  dim: string,
  rows: KeyRow[],
  set: RowSet,
): Promise<KeyedRows['rows']> {
  if (!ctx.previousSummary) return rows.map((current) => ({ current }));
  const { site, period } = ctx;
  const keys = rows.map((r) => r.key);
  const before = new Map(
    (await repo.someKeys(site.id, dim, period.previous_from, period.previous_to, keys, set)).map((r) => [
      r.key,
      r,
    ]),
  );
  return rows.map((current) => ({
    current,
    previous: before.get(current.key) ?? { ...ZERO, entries: 0, exits: 0 },
  }));
}

export function toDimRow(ctx: TableContext, r: KeyedRows['rows'][number]): DimRow {
  return {
    key: r.current.key,
    ...toMetrics(r.current),
    ratio: rate(r.current.visits, ctx.summary.visits),
    ...(r.previous ? { previous: toMetrics(r.previous) } : {}),
  };
}

export function toPageRow(ctx: TableContext, r: KeyedRows['rows'][number]): PageRow {
  return {
    key: r.current.key,
    ...toPageMetrics(r.current),
    ratio: rate(r.current.pv, ctx.summary.pv),
    ...(r.previous ? { previous: toPageMetrics(r.previous) } : {}),
  };
}

/** An address's place as ip2region names it ("中国 广东省 深圳市"), looked up when the page is read. */
function areaOf(ip: string): string {
  const a = lookupArea(ip);
  return areaText([a.country, a.province, a.city], 'zh-CN');
}

export function toIpRow(ctx: TableContext, r: KeyedRows['rows'][number]): IpRow {
  return { ...toDimRow(ctx, r), area: areaOf(r.current.key), last_day: r.current.lastDay };
}
