import type { Database } from '../../db/client.js';
import {
  type DirtyHour,
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

/** One column of a bulk write: its name, its SQL array type and how to read it from a row. */
type Column<T> = [name: string, type: string, read: (row: T) => unknown];

const names = <T>(columns: Column<T>[]) => columns.map(([name]) => name).join(', ');

/** One array parameter per column, in the order the statement numbered them. */
function arraysOf<T>(columns: Column<T>[], rows: T[]): unknown[][] {
  return columns.map(([, , read]) => rows.map(read));
}

const iso = (d: Date) => d.toISOString();

const NEW_VISIT: Column<VisitState>[] = [
  ['id', 'bigint', (v) => v.id],
  ['site_id', 'bigint', (v) => v.siteId],
  ['visitor', 'text', (v) => v.visitor],
  ['started_at', 'timestamptz', (v) => iso(v.startedAt)],
  ['last_at', 'timestamptz', (v) => iso(v.lastAt)],
  ['local_day', 'date', (v) => v.localDay],
  ['is_new', 'boolean', (v) => v.isNew],
  ['pageviews', 'int', (v) => v.pageviews],
  ['events', 'int', (v) => v.events],
  ['duration_ms', 'bigint', (v) => v.durationMs],
  ['exit_url', 'text', (v) => v.exitUrl],
  ['exit_path', 'text', (v) => v.exitPath],
  ...SOURCE_COLUMNS.map(([key, name]): Column<VisitState> => [name, 'text', (v) => v.source![key]]),
];

/** What a batch adds to a stored visit: its key, then the totals, read as for a new visit. */
const VISIT_INCREMENT: Column<VisitState>[] = [
  'site_id',
  'id',
  'started_at',
  'last_at',
  'pageviews',
  'events',
  'duration_ms',
  'exit_url',
  'exit_path',
].map((name) => NEW_VISIT.find(([column]) => column === name)!);

const NEW_EVENT: Column<PlannedEvent>[] = [
  ['site_id', 'bigint', (p) => p.event.siteId],
  ['visit_id', 'bigint', (p) => p.visit.id],
  ['visitor', 'text', (p) => p.event.visitor],
  ['ts', 'timestamptz', (p) => iso(p.event.ts)],
  ['type', 'text', (p) => p.event.type],
  ['page_id', 'text', (p) => p.event.pageId],
  ['url', 'text', (p) => p.event.url],
  ['host', 'text', (p) => p.event.host],
  ['path', 'text', (p) => p.event.path],
  ['title', 'text', (p) => p.event.title],
  ['name', 'text', (p) => p.event.name],
  ['props', 'jsonb', (p) => p.event.props],
  ['duration_ms', 'int', (p) => p.event.durationMs],
  ['ip', 'text', (p) => p.event.ip],
];

const DIRTY_HOUR: Column<DirtyHour>[] = [
  ['site_id', 'bigint', (d) => d.siteId],
  ['hour', 'timestamptz', (d) => iso(d.hour)],
];

/**
 * The batch statement, built once: its text is constant, so PostgreSQL keeps it prepared. Each column
 * list is named from its `Column`s, and each `unnest` takes one array parameter per column.
 */
const WRITE_BATCH = (() => {
  let next = 1;
  const unnest = <T>(columns: Column<T>[]) => {
    const args = columns.map(([, type], i) => `$${next + i}::${type}[]`);
    next += columns.length;
    return `unnest(${args.join(', ')})`;
  };
  return `with new_visits as (
     insert into visits (${names(NEW_VISIT)}) select * from ${unnest(NEW_VISIT)}
   ), stored_visits as (
     update visits v
        set last_at = greatest(v.last_at, u.last_at),
            pageviews = v.pageviews + u.pageviews,
            events = v.events + u.events,
            duration_ms = v.duration_ms + u.duration_ms,
            exit_url = coalesce(u.exit_url, v.exit_url),
            exit_path = coalesce(u.exit_path, v.exit_path)
       from ${unnest(VISIT_INCREMENT)} as u(${names(VISIT_INCREMENT)})
      where v.site_id = u.site_id and v.started_at = u.started_at and v.id = u.id
   ), new_events as (
     insert into events (${names(NEW_EVENT)}) select * from ${unnest(NEW_EVENT)}
   ), dirty as (
     insert into rollup_dirty (${names(DIRTY_HOUR)}) select * from ${unnest(DIRTY_HOUR)}
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
      ...arraysOf(DIRTY_HOUR, [...plan.dirty.values()]),
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
