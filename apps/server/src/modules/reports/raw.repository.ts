import type { VisitLogQuery } from '@tally/contracts';
import type { Database } from '../../db/client.js';
import { type Sums, sumsOf } from './metrics.js';

/** The visit-dimension definitions of rollups.sql.ts (`site`), over any span of visits. */
const VISIT_SUMS = `count(*)::float8 as visits, coalesce(sum(pageviews), 0)::float8 as pv,
  count(distinct visitor)::float8 as uv, count(distinct ip)::float8 as ip,
  count(*) filter (where is_new)::float8 as new_visitors, count(*) filter (where pageviews <= 1)::float8 as bounces,
  coalesce(sum(duration_ms), 0)::float8 as duration_ms`;

const VISIT_ORDER: Record<VisitLogQuery['sort'], string> = {
  '-started_at': 'started_at desc, id desc',
  started_at: 'started_at asc, id asc',
  '-pageviews': 'pageviews desc, started_at desc, id desc',
  pageviews: 'pageviews asc, started_at desc, id desc',
  '-duration': 'duration_ms desc, started_at desc, id desc',
  duration: 'duration_ms asc, started_at desc, id desc',
};

export interface VisitFilter {
  siteId: number;
  start: Date;
  end: Date;
  visitorType?: 'new' | 'returning';
  category?: string;
  ip?: string;
}

function where(f: VisitFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.siteId, f.start.toISOString(), f.end.toISOString()];
  const parts = ['site_id = $1', 'started_at >= $2', 'started_at < $3'];
  if (f.visitorType) parts.push(f.visitorType === 'new' ? 'is_new' : 'not is_new');
  if (f.category) {
    params.push(f.category);
    parts.push(`ref_category = $${params.length}`);
  }
  if (f.ip) {
    params.push(f.ip);
    parts.push(`ip = $${params.length}`);
  }
  return { sql: parts.join(' and '), params };
}

export type VisitRecord = Record<string, unknown>;

export interface VisitEvent {
  at: Date;
  type: string;
  pageId: string;
  url: string;
  title: string;
  name: string | null;
  durationMs: number;
}

/**
 * Report reads of raw visits and events: spans shorter than a day (today so far, the same time
 * yesterday, the last five minutes) and the visit log itself. Every query bounds site and time.
 */
export class RawReportsRepository {
  constructor(private readonly db: Database) {}

  /** Site totals of the visits that started in [start, end). */
  async visitSums(siteId: number, start: Date, end: Date): Promise<Sums> {
    const [row] = await this.db.query<Record<string, unknown>>(
      `select ${VISIT_SUMS} from visits where site_id = $1 and started_at >= $2 and started_at < $3`,
      [siteId, start.toISOString(), end.toISOString()],
    );
    return sumsOf(row);
  }

  /** Visitors with a page view or event since `since`, and page views since then. */
  async online(siteId: number, since: Date): Promise<{ visitors: number; pageviews: number }> {
    // A visit never outlasts its local day, so one that is still active began less than 25 hours ago.
    const [row] = await this.db.query<{ visitors: number; pageviews: number }>(
      `select (select count(distinct visitor) from visits
                where site_id = $1 and started_at >= $2::timestamptz - interval '25 hours' and last_at >= $2)::int as visitors,
              (select count(*) from events where site_id = $1 and ts >= $2 and type = 'pv')::int as pageviews`,
      [siteId, since.toISOString()],
    );
    return { visitors: Number(row?.visitors ?? 0), pageviews: Number(row?.pageviews ?? 0) };
  }

  async visits(
    filter: VisitFilter,
    page: { sort: VisitLogQuery['sort']; limit: number; offset: number },
  ): Promise<VisitRecord[]> {
    const w = where(filter);
    return this.db.query(
      `select id, visitor, is_new, started_at, last_at, ip, country, province, city, isp, referrer, ref_category,
              ref_domain, ref_name, keyword, entry_url, exit_url, pageviews, events, duration_ms, device, browser,
              os, screen, language
         from visits where ${w.sql} order by ${VISIT_ORDER[page.sort]}
        limit $${w.params.length + 1} offset $${w.params.length + 2}`,
      [...w.params, page.limit, page.offset],
    );
  }

  async countVisits(filter: VisitFilter): Promise<number> {
    const w = where(filter);
    const [row] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from visits where ${w.sql}`,
      w.params,
    );
    return Number(row?.n ?? 0);
  }

  /** The latest hit of a site (the preview's fill mark). */
  async lastEventAt(siteId: number): Promise<Date | undefined> {
    const [row] = await this.db.query<{ at: Date | null }>(
      'select max(ts) as at from events where site_id = $1',
      [siteId],
    );
    return row?.at ? new Date(row.at) : undefined;
  }

  /** Page views, events and pings of one visit of a site, in time order. */
  async visitEvents(siteId: number, visitId: number): Promise<VisitEvent[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select ts, type, page_id, url, title, name, duration_ms from events
        where visit_id = $1 and site_id = $2 order by ts, id`,
      [visitId, siteId],
    );
    return rows.map((r) => ({
      at: r.ts as Date,
      type: String(r.type),
      pageId: String(r.page_id),
      url: String(r.url),
      title: String(r.title),
      name: (r.name as string | null) ?? null,
      durationMs: Number(r.duration_ms),
    }));
  }
}
