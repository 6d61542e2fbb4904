import { localDay } from '../src/lib/local-time.js';
import type { TestApp } from './app.js';

/**
 * The rollups' definitions (src/modules/rollups/rollups.sql.ts) counted again in JavaScript from the raw
 * events and visits, independently of the SQL: the rollup tests compare the tables with it, and the
 * report tests over random ranges add its days up as a report should.
 */

/** Rows keyed `site|hour` (ISO) and `site|local day|dim|key`; a key may itself hold `|`. */
export interface Recount {
  hourly: Record<string, Record<string, number>>;
  daily: Record<string, Record<string, number>>;
}

/** The parts of a daily row's key. */
export function dailyKeyParts(k: string): { siteId: number; day: string; dim: string; key: string } {
  const [site, day, dim] = k.split('|', 3) as [string, string, string];
  return { siteId: Number(site), day, dim, key: k.slice(site.length + day.length + dim.length + 3) };
}

type Row = Record<string, unknown>;
export const METRICS = ['pv', 'uv', 'ip', 'visits', 'new_visitors', 'bounces', 'duration_ms'] as const;

/** Accumulates one rollup row: counters and the sets behind distinct counts. */
class Acc {
  n: Record<string, number> = {};
  sets: Record<string, Set<unknown>> = {};
  add(metric: string, by = 1) {
    this.n[metric] = (this.n[metric] ?? 0) + by;
  }
  distinct(metric: string, value: unknown) {
    const set = this.sets[metric] ?? new Set();
    set.add(value);
    this.sets[metric] = set;
  }
  row(extra: string[] = []) {
    const out: Record<string, number> = {};
    for (const m of [...METRICS, ...extra]) out[m] = this.sets[m]?.size ?? this.n[m] ?? 0;
    return out;
  }
}

const at = <K>(map: Map<K, Acc>, key: K) => {
  const acc = map.get(key) ?? new Acc();
  map.set(key, acc);
  return acc;
};

/** An independent recount in JavaScript from raw events and visits, following the documented definitions. */
export async function recount(t: TestApp): Promise<Recount> {
  const sites = new Map(
    (await t.db.query<Row>('select id, timezone from sites')).map((s) => [Number(s.id), String(s.timezone)]),
  );
  const events = await t.db.query<Row>(
    'select site_id, visit_id, visitor, ts, type, path, host, ip, duration_ms from events',
  );
  const visits = await t.db.query<Row>(
    `select id, site_id, visitor, started_at, to_char(local_day, 'YYYY-MM-DD') as local_day, is_new, pageviews,
            duration_ms, entry_path, exit_path, entry_url, exit_url, ref_category, ref_domain, ref_name, keyword, country, province, city,
            ip, device, browser, os, referrer from visits`,
  );
  const hourly = new Map<string, Acc>();
  const daily = new Map<string, Acc>();
  const hourKey = (site: unknown, ts: unknown) =>
    `${site}|${new Date(Math.floor(new Date(ts as string).getTime() / 3_600_000) * 3_600_000).toISOString()}`;

  for (const e of events) {
    const site = Number(e.site_id);
    if (e.type === 'pv') {
      const h = at(hourly, hourKey(site, e.ts));
      h.add('pv');
      h.distinct('uv', e.visitor);
      h.distinct('ip', e.ip);
    } else at(hourly, hourKey(site, e.ts));
    if (e.type === 'ev') continue;
    const day = localDay(new Date(e.ts as string), sites.get(site)!);
    for (const [dim, key] of [
      ['page', e.path],
      ['domain', e.host],
    ]) {
      const d = at(daily, `${site}|${day}|${dim}|${key}`);
      if (e.type === 'pv') {
        d.add('pv');
        d.distinct('uv', e.visitor);
        d.distinct('ip', e.ip);
        d.distinct('visits', e.visit_id);
      } else d.add('duration_ms', Number(e.duration_ms));
    }
  }
  for (const v of visits) {
    const site = Number(v.site_id);
    const h = at(hourly, hourKey(site, v.started_at));
    h.add('visits');
    if (v.is_new) h.add('new_visitors');
    if (Number(v.pageviews) <= 1) h.add('bounces');
    h.add('duration_ms', Number(v.duration_ms));
    const keys: [string, unknown][] = [
      ['site', ''],
      ['entry', v.entry_path],
      ['category', v.ref_category],
      ['ref_domain', v.ref_domain],
      ['engine', v.ref_category === 'search' ? v.ref_name : null],
      ['keyword', v.keyword],
      ['country', v.country],
      ['province', v.province || null],
      ['cn_province', v.country === '中国' ? v.province || null : null],
      ['city', v.city || null],
      ['ip', v.ip],
      ['device', v.device],
      ['browser', v.browser],
      ['os', v.os],
      ['referrer', v.ref_category !== 'direct' ? v.referrer || null : null],
      ['visitor_type', v.is_new ? 'new' : 'returning'],
    ];
    for (const [dim, key] of keys) {
      if (key === null) continue;
      const d = at(daily, `${site}|${v.local_day}|${dim}|${key}`);
      d.add('pv', Number(v.pageviews));
      d.distinct('uv', v.visitor);
      d.distinct('ip', v.ip);
      d.add('visits');
      if (v.is_new) d.add('new_visitors');
      if (Number(v.pageviews) <= 1) d.add('bounces');
      d.add('duration_ms', Number(v.duration_ms));
    }
    at(daily, `${site}|${v.local_day}|page|${v.entry_path}`).add('entries');
    at(daily, `${site}|${v.local_day}|page|${v.exit_path}`).add('exits');
    at(daily, `${site}|${v.local_day}|domain|${new URL(String(v.entry_url)).hostname}`).add('entries');
    at(daily, `${site}|${v.local_day}|domain|${new URL(String(v.exit_url)).hostname}`).add('exits');
  }
  return {
    hourly: Object.fromEntries([...hourly].map(([k, a]) => [k, a.row()])),
    daily: Object.fromEntries([...daily].map(([k, a]) => [k, a.row(['entries', 'exits'])])),
  };
}
