import type { Database } from '../../db/client.js';
import {
  type DirtyHour,
  dirtyHours,
  type KnownVisit,
  type PlannedEvent,
  type VisitPlan,
  type VisitSource,
  type VisitState,
  visitorKey,
} from './visits.js';

type Row = Record<string, unknown>;

const SOURCE_COLUMNS: [keyof VisitSource, string][] = [
  ['entryUrl', 'entry_url'],
  ['entryPath', 'entry_path'],
  ['referrer', 'referrer'],
  ['refCategory', 'ref_category'],
  ['refDomain', 'ref_domain'],
  ['refName', 'ref_name'],
  ['keyword', 'keyword'],
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmCampaign', 'utm_campaign'],
  ['utmTerm', 'utm_term'],
  ['utmContent', 'utm_content'],
  ['ip', 'ip'],
  ['country', 'country'],
  ['province', 'province'],
  ['city', 'city'],
  ['isp', 'isp'],
  ['browser', 'browser'],
  ['browserVersion', 'browser_version'],
  ['os', 'os'],
  ['osVersion', 'os_version'],
  ['device', 'device'],
  ['screen', 'screen'],
  ['language', 'language'],
];

/** One column of a bulk write: its SQL array type and how to read it from a row. */
type Column<T> = [type: string, read: (row: T) => unknown];

/**
 * `unnest($n::type[], …)` over the columns, numbering parameters from `first`. The statements are
 * built once, so their text is constant and PostgreSQL can keep them prepared.
 */
function unnestOf<T>(columns: Column<T>[], first: number): string {
  return `unnest(${columns.map(([type], i) => `$${first + i}::${type}[]`).join(', ')})`;
}

/** One array parameter per column, in the order `unnestOf` numbered them. */
function arraysOf<T>(columns: Column<T>[], rows: T[]): unknown[][] {
  return columns.map(([, read]) => rows.map(read));
}

const iso = (d: Date) => d.toISOString();

const NEW_VISIT: Column<VisitState>[] = [
  ['bigint', (v) => v.id],
  ['bigint', (v) => v.siteId],
  ['text', (v) => v.visitor],
  ['timestamptz', (v) => iso(v.startedAt)],
  ['timestamptz', (v) => iso(v.lastAt)],
  ['date', (v) => v.localDay],
  ['boolean', (v) => v.isNew],
  ['int', (v) => v.pageviews],
  ['int', (v) => v.events],
  ['bigint', (v) => v.durationMs],
  ['text', (v) => v.exitUrl],
  ['text', (v) => v.exitPath],
  ...SOURCE_COLUMNS.map(([key]): Column<VisitState> => ['text', (v) => v.source![key]]),
];

const VISIT_INCREMENT: Column<VisitState>[] = [
  ['bigint', (v) => v.siteId],
  ['bigint', (v) => v.id],
  ['timestamptz', (v) => iso(v.startedAt)],
  ['timestamptz', (v) => iso(v.lastAt)],
  ['int', (v) => v.pageviews],
  ['int', (v) => v.events],
  ['bigint', (v) => v.durationMs],
  ['text', (v) => v.exitUrl],
  ['text', (v) => v.exitPath],
];

const NEW_EVENT: Column<PlannedEvent>[] = [
  ['bigint', (p) => p.event.siteId],
  ['bigint', (p) => p.visit.id],
  ['text', (p) => p.event.visitor],
  ['timestamptz', (p) => iso(p.event.ts)],
  ['text', (p) => p.event.type],
  ['text', (p) => p.event.pageId],
  ['text', (p) => p.event.url],
  ['text', (p) => p.event.host],
  ['text', (p) => p.event.path],
  ['text', (p) => p.event.title],
  ['text', (p) => p.event.name],
  ['jsonb', (p) => p.event.props],
  ['int', (p) => p.event.durationMs],
  ['text', (p) => p.event.ip],
];

const DIRTY_HOUR: Column<DirtyHour>[] = [
  ['bigint', (d) => d.siteId],
  ['timestamptz', (d) => iso(d.hour)],
];

/** A batch in one statement: data-modifying CTEs run atomically, so it is wholly stored or not at all. */
const WRITE_BATCH = (() => {
  let next = 1;
  const at = <T>(columns: Column<T>[]) => {
    const sql = unnestOf(columns, next);
    next += columns.length;
    return sql;
  };
  const sourceCols = SOURCE_COLUMNS.map(([, col]) => col).join(', ');
  return `with new_visits as (
     insert into visits (id, site_id, visitor, started_at, last_at, local_day, is_new, pageviews, events,
                         duration_ms, exit_url, exit_path, ${sourceCols})
     select * from ${at(NEW_VISIT)}
   ), stored_visits as (
     update visits v
        set last_at = greatest(v.last_at, u.last_at),
            pageviews = v.pageviews + u.pageviews,
            events = v.events + u.events,
            duration_ms = v.duration_ms + u.duration_ms,
            exit_url = coalesce(u.exit_url, v.exit_url),
            exit_path = coalesce(u.exit_path, v.exit_path)
       from ${at(VISIT_INCREMENT)}
            as u(site_id, id, started_at, last_at, pageviews, events, duration_ms, exit_url, exit_path)
      where v.site_id = u.site_id and v.started_at = u.started_at and v.id = u.id
   ), new_events as (
     insert into events (site_id, visit_id, visitor, ts, type, page_id, url, host, path, title, name, props,
                         duration_ms, ip)
     select * from ${at(NEW_EVENT)}
   ), dirty as (
     insert into rollup_dirty (site_id, hour) select * from ${at(DIRTY_HOUR)}
   )
   select 1`;
})();

const LATEST_VISITS = `select distinct on (v.site_id, v.visitor) v.id, v.site_id, v.visitor, v.started_at, v.last_at,
        to_char(v.local_day, 'YYYY-MM-DD') as local_day
   from unnest($1::bigint[], $2::text[]) as k(site_id, visitor)
   join visits v on v.site_id = k.site_id and v.visitor = k.visitor
  order by v.site_id, v.visitor, v.started_at desc`;

/**
 * The collect pipeline's writes. One batch is one SQL statement (data-modifying CTEs run atomically),
 * so a batch is either wholly stored or not at all, and every insert is a bulk `select from unnest`.
 */
export class IngestRepository {
  constructor(private readonly db: Database) {}

  /** The latest visit of each (site, visitor) in the batch: visits of one visitor never overlap, so the last started. */
  async latestVisits(keys: { siteId: number; visitor: string }[]): Promise<Map<string, KnownVisit>> {
    const out = new Map<string, KnownVisit>();
    if (keys.length === 0) return out;
    const rows = await this.db.query<Row>(
      LATEST_VISITS,
      [keys.map((k) => k.siteId), keys.map((k) => k.visitor)],
      'ingest_latest_visits',
    );
    for (const r of rows) {
      const visit: KnownVisit = {
        id: Number(r.id),
        siteId: Number(r.site_id),
        visitor: String(r.visitor),
        startedAt: new Date(r.started_at as string),
        lastAt: new Date(r.last_at as string),
        localDay: String(r.local_day),
      };
      out.set(visitorKey(visit.siteId, visit.visitor), visit);
    }
    return out;
  }

  async allocateVisitIds(n: number): Promise<number[]> {
    if (n === 0) return [];
    const rows = await this.db.query<{ id: string | number }>(
      `select nextval('visits_id_seq') as id from generate_series(1, $1::int)`,
      [n],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Writes the plan: new visits, increments to stored visits, the events and the dirty hours. */
  async write(plan: VisitPlan): Promise<void> {
    const fresh = plan.visits.filter((v) => v.fresh);
    const stored = plan.visits.filter((v) => !v.fresh);
    const params = [
      ...arraysOf(NEW_VISIT, fresh),
      ...arraysOf(VISIT_INCREMENT, stored),
      ...arraysOf(NEW_EVENT, plan.events),
      ...arraysOf(DIRTY_HOUR, dirtyHours(plan.dirty)),
    ];
    await this.db.query(WRITE_BATCH, params, 'ingest_write_batch');
  }

  /** A cookieless visitor hash's salt for one local day, created by whichever process asks first. */
  async saltFor(day: string, candidate: string): Promise<string> {
    await this.db.query(
      'insert into visitor_salts (day, salt) values ($1, $2) on conflict (day) do nothing',
      [day, candidate],
    );
    const [row] = await this.db.query<{ salt: string }>('select salt from visitor_salts where day = $1', [
      day,
    ]);
    return row!.salt;
  }
}
