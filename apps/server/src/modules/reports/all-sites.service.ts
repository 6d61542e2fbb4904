import { type AllQuery, type AllRow, type AllSites, MAX_EXPORT_ROWS, type Period } from '@tally/contracts';
import { bounds, eachDay, eachHour, hourLabel, resolvePeriod } from '../../lib/period.js';
import { addSums, type Sums, toMetrics } from './metrics.js';
import { type ReportSite, summaryOf } from './report-site.js';
import type { DayRow, RollupReadsRepository } from './rollup-reads.repository.js';

type Sorted = { row: AllRow; sums: Sums };

function compareRows(sort: AllQuery['sort']): (a: Sorted, b: Sorted) => number {
  const desc = sort.startsWith('-');
  const field = (desc ? sort.slice(1) : sort) as Exclude<AllQuery['sort'], `-${string}`>;
  return (a, b) => {
    const diff =
      field === 'name'
        ? a.row.site.name.localeCompare(b.row.site.name)
        : a.row.current[field] - b.row.current[field];
    return (desc ? -diff : diff) || a.row.site.id - b.row.site.id;
  };
}

/** /site/all: every site the caller may read side by side, each over its own local dates. */
export class AllSitesService {
  constructor(
    private readonly rollups: RollupReadsRepository,
    private readonly now: () => Date,
  ) {}

  async all(candidates: ReportSite[], q: AllQuery): Promise<AllSites> {
    const sites = candidates.filter(
      (s) => q.group_id === undefined || (q.group_id === 0 ? s.groupId === null : s.groupId === q.group_id),
    );
    const now = this.now();
    const periods = new Map(sites.map((s) => [s.id, resolvePeriod(q, s.timezone, now)]));
    const range = (s: ReportSite, previous: boolean) => {
      const p = periods.get(s.id)!;
      return previous
        ? { siteId: s.id, from: p.previous_from, to: p.previous_to }
        : { siteId: s.id, from: p.from, to: p.to };
    };
    const [current, previous] = await Promise.all([
      this.rollups.siteDays(sites.map((s) => range(s, false))),
      q.compare ? this.rollups.siteDays(sites.map((s) => range(s, true))) : undefined,
    ]);
    // Rows grouped by site once: filtering per site would be sites × rows for an admin with many sites.
    const bySite = (rows: DayRow[]) => {
      const grouped = new Map<number, DayRow[]>();
      for (const r of rows) {
        const list = grouped.get(r.siteId);
        if (list) list.push(r);
        else grouped.set(r.siteId, [r]);
      }
      return grouped;
    };
    const currentBySite = bySite(current);
    const previousBySite = previous && bySite(previous);
    const sumOf = (grouped: Map<number, DayRow[]>, id: number) => addSums(grouped.get(id) ?? []);
    const rows: Sorted[] = sites.map((s) => {
      const sums = sumOf(currentBySite, s.id);
      return {
        sums,
        row: {
          site: { ...summaryOf(s), group_id: s.groupId },
          current: toMetrics(sums),
          previous: previousBySite ? toMetrics(sumOf(previousBySite, s.id)) : null,
        },
      };
    });
    rows.sort(compareRows(q.sort));
    const csv = q.format === 'csv';
    const offset = csv ? 0 : (q.page - 1) * q.limit;
    return {
      list: rows.slice(offset, offset + (csv ? MAX_EXPORT_ROWS : q.limit)).map((r) => r.row),
      total: rows.length,
      page: q.page,
      limit: q.limit,
      totals: toMetrics(addSums(rows.map((r) => r.sums))),
      previous_totals: previous ? toMetrics(addSums(previous)) : null,
      trend: await this.trend(sites, q, periods, current),
    };
  }

  /** One chart for all sites: each site's points keyed by its local date (or local hour), added up. */
  private async trend(
    sites: ReportSite[],
    q: AllQuery,
    periods: Map<number, Period>,
    days: DayRow[],
  ): Promise<AllSites['trend']> {
    const points = new Map<string, { pv: number; uv: number; ip: number }>();
    const add = (key: string, r?: { pv: number; uv: number; ip: number }) => {
      const p = points.get(key) ?? { pv: 0, uv: 0, ip: 0 };
      if (r) {
        p.pv += r.pv;
        p.uv += r.uv;
        p.ip += r.ip;
      }
      points.set(key, p);
    };
    const tz = new Map(sites.map((s) => [s.id, s.timezone]));
    // Every point of every site's period is on the chart, with or without traffic.
    for (const s of sites) {
      const p = periods.get(s.id)!;
      if (q.granularity === 'day') for (const day of eachDay(p.from, p.to)) add(day);
      else for (const h of eachHour(p.from, p.to, s.timezone)) add(h.key);
    }
    if (q.granularity === 'day') {
      for (const r of days) add(r.at, r);
    } else {
      const hours = await this.rollups.siteHours(
        sites.map((s) => {
          const p = periods.get(s.id)!;
          return { siteId: s.id, ...bounds(p.from, p.to, s.timezone) };
        }),
      );
      for (const r of hours) add(hourLabel(new Date(r.at), tz.get(r.siteId)!), r);
    }
    return [...points].sort(([a], [b]) => a.localeCompare(b)).map(([key, p]) => ({ key, ...p }));
  }
}
