import type { Database } from '../../db/client.js';
import { MonthPartitions, monthOf } from '../../db/month-partitions.js';
import {
  allocateVisitIds,
  arraysOf,
  type Column,
  eventColumns,
  VISIT_COLUMNS as NEW_VISIT,
  columnNames as names,
  unnestArgs,
  VISIT_TOTALS as VISIT_INCREMENT,
} from '../../db/raw-columns.js';
import { type DirtyHour, type KnownVisit, type PlannedEvent, type VisitPlan, visitorKey } from './visits.js';

type Row = Record<string, unknown>;

const iso = (d: Date) => d.toISOString();

/** The events' columns (db/raw-columns.ts) read from a placed hit. */
const NEW_EVENT = eventColumns<PlannedEvent>({
  site_id: (p) => p.event.siteId,
  visit_id: (p) => p.visit.id,
  visitor: (p) => p.event.visitor,
  ts: (p) => iso(p.event.ts),
  type: (p) => p.event.type,
  page_id: (p) => p.event.pageId,
  url: (p) => p.event.url,
  host: (p) => p.event.host,
  path: (p) => p.event.path,
  title: (p) => p.event.title,
  name: (p) => p.event.name,
  props: (p) => p.event.props,
  duration_ms: (p) => p.event.durationMs,
  ip: (p) => p.event.ip,
});

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
    const args = unnestArgs(columns, next);
    next += columns.length;
    return args;
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
  private readonly partitions: MonthPartitions;
  /** UTC months whose partitions this process has seen made: most batches need no round trip. */
  private readonly madeMonths = new Set<string>();

  constructor(private readonly db: Database) {
    this.partitions = new MonthPartitions(db);
  }

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

  allocateVisitIds(n: number): Promise<number[]> {
    return allocateVisitIds(this.db, n);
  }

  /** Writes the plan: new visits, increments to stored visits, the events and the dirty hours. */
  async write(plan: VisitPlan): Promise<void> {
    await this.makeMonths(plan);
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

  /**
   * The partitions of the batch's months, made the first time this process writes to a month (a new
   * month, a late or imported hit), so rows land in their month and not in the default partition even
   * when the retention job has not made the month ahead. Every hit's hour is among the dirty hours.
   */
  private async makeMonths(plan: VisitPlan): Promise<void> {
    const months = new Set<string>();
    for (const { hour } of plan.dirty.values()) {
      const month = monthOf(hour);
      if (!this.madeMonths.has(month)) months.add(month);
    }
    if (months.size === 0) return;
    await this.partitions.ensure([...months]);
    for (const month of months) this.madeMonths.add(month);
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
