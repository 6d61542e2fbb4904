import {
  MAX_EXPORT_ROWS,
  type Period,
  type VisitLog,
  type VisitLogQuery,
  type VisitPages,
  type VisitRow,
} from '@tally/contracts';
import { notFound } from '../../lib/errors.js';
import { addDays, localDay, zonedMidnight } from '../../lib/local-time.js';
import { bounds } from '../../lib/period.js';
import type { VisitFilter, VisitRecord } from './raw.repository.js';
import type { ReportSite } from './report-site.js';
import type { ReportsService } from './reports.service.js';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toVisitRow(r: VisitRecord): VisitRow {
  return {
    id: Number(r.id),
    visitor: str(r.visitor),
    is_new: Boolean(r.is_new),
    started_at: iso(r.started_at),
    last_at: iso(r.last_at),
    ip: str(r.ip),
    country: str(r.country),
    province: str(r.province),
    city: str(r.city),
    isp: str(r.isp),
    referrer: str(r.referrer),
    ref_category: str(r.ref_category),
    ref_domain: strOrNull(r.ref_domain),
    engine: r.ref_category === 'search' ? strOrNull(r.ref_name) : null,
    keyword: strOrNull(r.keyword),
    entry_url: str(r.entry_url),
    exit_url: str(r.exit_url),
    pageviews: Number(r.pageviews),
    events: Number(r.events),
    duration: Math.round(Number(r.duration_ms) / 1000),
    device: str(r.device),
    browser: str(r.browser),
    os: str(r.os),
    screen: str(r.screen),
    language: str(r.language),
  };
}

/** The rollup row that counts the visits a filter keeps, when there is one. */
function countingRow(q: VisitLogQuery): { dim: string; key: string } | undefined {
  if (q.ip) return undefined;
  if (q.visitor_type && q.category) return undefined;
  if (q.visitor_type) return { dim: 'visitor_type', key: q.visitor_type };
  if (q.category) return { dim: 'category', key: q.category };
  return { dim: 'site', key: '' };
}

/** /site/visitor: the visit log is the raw visits themselves, a page at a time. */
export class VisitLogService {
  constructor(private readonly reports: ReportsService) {}

  /**
   * How many visits the log holds: whole days before today from the rollups, today from the raw
   * visits (counting a month of raw visits would cost more than the page itself).
   */
  private async total(
    site: ReportSite,
    q: VisitLogQuery,
    period: Period,
    filter: VisitFilter,
  ): Promise<number> {
    const row = countingRow(q);
    if (!row) return this.reports.countVisits(filter);
    const today = localDay(this.reports.now(), site.timezone);
    const lastWhole = period.to < today ? period.to : addDays(today, -1);
    const todayStart = zonedMidnight(today, site.timezone);
    const [rolled, live] = await Promise.all([
      period.from <= lastWhole ? this.reports.keyVisits(site, row.dim, row.key, period.from, lastWhole) : 0,
      period.to >= today
        ? this.reports.countVisits({
            ...filter,
            start: new Date(Math.max(filter.start.getTime(), todayStart.getTime())),
          })
        : 0,
    ]);
    return rolled + live;
  }

  async log(site: ReportSite, q: VisitLogQuery): Promise<VisitLog> {
    const period = this.reports.period(site, q);
    const { start, end } = bounds(period.from, period.to, site.timezone);
    const filter: VisitFilter = {
      siteId: site.id,
      start,
      end,
      visitorType: q.visitor_type,
      category: q.category,
      ip: q.ip,
    };
    const csv = q.format === 'csv';
    const [rows, total] = await Promise.all([
      this.reports.visits(filter, {
        sort: q.sort,
        limit: csv ? MAX_EXPORT_ROWS : q.limit,
        offset: csv ? 0 : (q.page - 1) * q.limit,
      }),
      this.total(site, q, period, filter),
    ]);
    return { list: rows.map(toVisitRow), total, page: q.page, limit: q.limit, period };
  }

  /** Page views and events of one visit in order, each page view with the engaged time its pings add up to. */
  async pages(site: ReportSite, visitId: number): Promise<VisitPages> {
    const events = await this.reports.visitEvents(site, visitId);
    if (events.length === 0) throw notFound('visit not found');
    const engaged = new Map<string, number>();
    for (const e of events) {
      if (e.type === 'ping') engaged.set(e.pageId, (engaged.get(e.pageId) ?? 0) + e.durationMs);
    }
    const counted = new Set<string>();
    const list: VisitPages['list'] = [];
    for (const e of events) {
      if (e.type !== 'pv' && e.type !== 'ev') continue;
      // A page view id carries its pings; a second hit with the same id must not count them twice.
      const first = e.type === 'pv' && !counted.has(e.pageId);
      if (first) counted.add(e.pageId);
      list.push({
        at: e.at.toISOString(),
        type: e.type,
        url: e.url,
        title: e.title,
        name: e.name,
        duration: first ? Math.round((engaged.get(e.pageId) ?? 0) / 1000) : 0,
      });
    }
    return { list };
  }
}
