import type { Database } from '../../db/client.js';
import { type KnownVisit, type VisitPlan, type VisitSource, type VisitState, visitorKey } from './visits.js';

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

/** Builds `unnest($n::type[], …)` with one array parameter per column, appending the arrays to `params`. */
function unnest(params: unknown[], columns: [string, unknown[]][]): string {
  const args = columns.map(([type, values]) => {
    params.push(values);
    return `$${params.length}::${type}[]`;
  });
  return `unnest(${args.join(', ')})`;
}

const iso = (d: Date) => d.toISOString();

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
    const params: unknown[] = [];
    const source = unnest(params, [
      ['bigint', keys.map((k) => k.siteId)],
      ['text', keys.map((k) => k.visitor)],
    ]);
    const rows = await this.db.query<Row>(
      `select distinct on (v.site_id, v.visitor) v.id, v.site_id, v.visitor, v.started_at, v.last_at,
              to_char(v.local_day, 'YYYY-MM-DD') as local_day
         from ${source} as k(site_id, visitor)
         join visits v on v.site_id = k.site_id and v.visitor = k.visitor
        order by v.site_id, v.visitor, v.started_at desc`,
      params,
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
    const params: unknown[] = [];
    const fresh = plan.visits.filter((v) => v.fresh);
    const stored = plan.visits.filter((v) => !v.fresh);
    const src = (v: VisitState) => v.source!;
    const insertVisits = unnest(params, [
      ['bigint', fresh.map((v) => v.id)],
      ['bigint', fresh.map((v) => v.siteId)],
      ['text', fresh.map((v) => v.visitor)],
      ['timestamptz', fresh.map((v) => iso(v.startedAt))],
      ['timestamptz', fresh.map((v) => iso(v.lastAt))],
      ['date', fresh.map((v) => v.localDay)],
      ['boolean', fresh.map((v) => v.isNew)],
      ['int', fresh.map((v) => v.pageviews)],
      ['int', fresh.map((v) => v.events)],
      ['bigint', fresh.map((v) => v.durationMs)],
      ['text', fresh.map((v) => v.exitUrl)],
      ['text', fresh.map((v) => v.exitPath)],
      ...SOURCE_COLUMNS.map(([key]): [string, unknown[]] => ['text', fresh.map((v) => src(v)[key])]),
    ]);
    const updateVisits = unnest(params, [
      ['bigint', stored.map((v) => v.siteId)],
      ['bigint', stored.map((v) => v.id)],
      ['timestamptz', stored.map((v) => iso(v.startedAt))],
      ['timestamptz', stored.map((v) => iso(v.lastAt))],
      ['int', stored.map((v) => v.pageviews)],
      ['int', stored.map((v) => v.events)],
      ['bigint', stored.map((v) => v.durationMs)],
      ['text', stored.map((v) => v.exitUrl)],
      ['text', stored.map((v) => v.exitPath)],
    ]);
    const e = plan.events;
    const insertEvents = unnest(params, [
      ['bigint', e.map((p) => p.event.siteId)],
      ['bigint', e.map((p) => p.visit.id)],
      ['text', e.map((p) => p.event.visitor)],
      ['timestamptz', e.map((p) => iso(p.event.ts))],
      ['text', e.map((p) => p.event.type)],
      ['text', e.map((p) => p.event.pageId)],
      ['text', e.map((p) => p.event.url)],
      ['text', e.map((p) => p.event.host)],
      ['text', e.map((p) => p.event.path)],
      ['text', e.map((p) => p.event.title)],
      ['text', e.map((p) => p.event.name)],
      ['jsonb', e.map((p) => p.event.props)],
      ['int', e.map((p) => p.event.durationMs)],
      ['text', e.map((p) => p.event.ip)],
    ]);
    // Sorted: concurrent batches then take these row locks in one order and cannot deadlock.
    const dirty = [...plan.dirty].sort().map((d) => d.split('|') as [string, string]);
    const insertDirty = unnest(params, [
      ['bigint', dirty.map((d) => Number(d[0]))],
      ['timestamptz', dirty.map((d) => d[1])],
    ]);
    const sourceCols = SOURCE_COLUMNS.map(([, col]) => col).join(', ');
    await this.db.query(
      `with new_visits as (
         insert into visits (id, site_id, visitor, started_at, last_at, local_day, is_new, pageviews, events,
                             duration_ms, exit_url, exit_path, ${sourceCols})
         select * from ${insertVisits}
       ), stored_visits as (
         update visits v
            set last_at = greatest(v.last_at, u.last_at),
                pageviews = v.pageviews + u.pageviews,
                events = v.events + u.events,
                duration_ms = v.duration_ms + u.duration_ms,
                exit_url = coalesce(u.exit_url, v.exit_url),
                exit_path = coalesce(u.exit_path, v.exit_path)
           from ${updateVisits} as u(site_id, id, started_at, last_at, pageviews, events, duration_ms, exit_url, exit_path)
          where v.site_id = u.site_id and v.started_at = u.started_at and v.id = u.id
       ), new_events as (
         insert into events (site_id, visit_id, visitor, ts, type, page_id, url, host, path, title, name, props,
                             duration_ms, ip)
         select * from ${insertEvents}
       ), dirty as (
         insert into rollup_dirty (site_id, hour) select * from ${insertDirty} on conflict do nothing
       )
       select 1`,
      params,
    );
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
