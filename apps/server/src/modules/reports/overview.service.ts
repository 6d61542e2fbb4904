import type { DimRow, Metrics, Overview, OverviewQuery } from '@tally/contracts';
import { addDays, localDay, zonedMidnight } from '../../lib/local-time.js';
import { hourLabel } from '../../lib/period.js';
import { addSums, type Sums, toMetrics, ZERO } from './metrics.js';
import { type ReportSite, summaryOf } from './report-site.js';
import { ReportsService } from './reports.service.js';
import { type TableContext, toDimRow, toPageRow } from './tables.js';

const TOP = 10;
const COUNTS = ['pv', 'uv', 'ip', 'visits', 'new_visitors'] as const;

/** Today's counts scaled by how yesterday ended against how far it was by now; rates stay today's. */
function predict(today: Metrics, yesterday: Metrics, sameTime: Metrics): Metrics {
  const out = { ...today };
  for (const k of COUNTS) {
    if (sameTime[k] > 0) out[k] = Math.round((today[k] * yesterday[k]) / sameTime[k]);
  }
  return out;
}

/** Top 10 of Chinese provinces and other countries together, by visits (ties in code-point order, as SQL sorts them). */
function topAreas(provinces: DimRow[], countries: DimRow[]): DimRow[] {
  return [...provinces, ...countries.filter((c) => c.key !== '中国')]
    .sort((a, b) => b.visits - a.visits || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, TOP);
}

/**
 * /site/overview. Today so far and yesterday by this time are read from raw visits (less than a day
 * each, so always live); yesterday, the hours and the top lists come from the rollups.
 */
export class OverviewService {
  constructor(private readonly reports: ReportsService) {}

  async overview(site: ReportSite, q: OverviewQuery): Promise<Overview> {
    const now = this.reports.now();
    const tz = site.timezone;
    const today = localDay(now, tz);
    const yesterday = addDays(today, -1);
    const todayStart = zonedMidnight(today, tz);
    const yesterdayStart = zonedMidnight(yesterday, tz);
    const sameTime = new Date(yesterdayStart.getTime() + (now.getTime() - todayStart.getTime()));

    const ctx = await this.reports.context(site, q);
    const [todaySums, sameTimeSums, yesterdaySums, hours, lists, online] = await Promise.all([
      this.reports.liveSums(site, todayStart, zonedMidnight(addDays(today, 1), tz)),
      this.reports.liveSums(site, yesterdayStart, sameTime),
      this.reports.siteSums(site, yesterday, yesterday),
      this.hours(site, today, now),
      this.topLists(ctx),
      this.reports.online(site),
    ]);
    const todayM = toMetrics(todaySums);
    const yesterdayM = toMetrics(yesterdaySums);
    const sameTimeM = toMetrics(sameTimeSums);
    return {
      site: summaryOf(site),
      today: todayM,
      yesterday: yesterdayM,
      same_time_yesterday: sameTimeM,
      predicted: predict(todayM, yesterdayM, sameTimeM),
      hours,
      period: ctx.period,
      totals: toMetrics(ctx.summary),
      previous_totals: ctx.previousSummary ? toMetrics(ctx.previousSummary) : null,
      ...lists,
      online,
    };
  }

  /** 24 local hours of today (none after the current one) and of yesterday. */
  private async hours(site: ReportSite, today: string, now: Date): Promise<Overview['hours']> {
    const yesterday = addDays(today, -1);
    const slots = await this.reports.series(site, yesterday, today, 'hour');
    // Keyed by local label, so a day with a clock change still has one slot per local hour.
    const byLabel = new Map<string, Sums>();
    for (const s of slots) byLabel.set(s.key, addSums([byLabel.get(s.key) ?? ZERO, s.sums]));
    const currentHour = Number(hourLabel(now, site.timezone).slice(11, 13));
    return Array.from({ length: 24 }, (_, hour) => {
      const hh = String(hour).padStart(2, '0');
      const at = (day: string) => toMetrics(byLabel.get(`${day} ${hh}:00`) ?? ZERO);
      return { hour, today: hour <= currentHour ? at(today) : null, yesterday: at(yesterday) };
    });
  }

  private async topLists(ctx: TableContext) {
    // Each by the metric its days rank keys by (pages by page views, the others by visits).
    const top = (dim: string) => this.reports.leadingRows(ctx, dim, TOP);
    const [pages, referrers, provinces, countries, types] = await Promise.all([
      top('page'),
      top('ref_domain'),
      top('cn_province'),
      top('country'),
      top('visitor_type'),
    ]);
    const typeRow = (key: string) => {
      const row = types.find((r) => r.current.key === key);
      return toMetrics(row?.current ?? ZERO);
    };
    return {
      top_per_day: ReportsService.topPerDay(ctx),
      top_pages: pages.map((r) => toPageRow(ctx, r)),
      top_referrers: referrers.map((r) => toDimRow(ctx, r)),
      top_areas: topAreas(
        provinces.map((r) => toDimRow(ctx, r)),
        countries.map((r) => toDimRow(ctx, r)),
      ),
      visitor_types: { new: typeRow('new'), returning: typeRow('returning') },
    };
  }
}
