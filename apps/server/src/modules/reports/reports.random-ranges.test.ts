import {
  areaText,
  DIM_SORT_FIELDS,
  EXACT_TABLE_DAYS,
  MAX_RANGE_DAYS,
  PAGE_SORT_FIELDS,
  TOP_PER_DAY,
} from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite, reportData } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { dailyKeyParts, recount } from '../../../test/raw-recount.js';
import { demoDay, rng } from '../../lib/demo-traffic/demo-traffic.js';
import { lookupArea } from '../../lib/ip-area.js';
import { addDays, localDay, zonedMidnight } from '../../lib/local-time.js';
import { daysBetween, eachDay } from '../../lib/period.js';
import { PAGE_SUM_KEYS, type PageSums, rate, sumsOf, toMetrics, toPageMetrics } from './metrics.js';

/**
 * Issue 26's ground truth: every report figure over random periods of 1 to 366 days (the contract's
 * longest, MAX_RANGE_DAYS) equals the raw events and visits counted again in JavaScript
 * (test/raw-recount.ts) and added up day by day as the reports define them (uv and ip of a period are
 * sums of days). Sites in zones without daylight saving at several offsets from UTC, traffic on days
 * scattered over 14 months and on both sides of month and year edges; periods chosen across those
 * edges, and at random. Whatever the rollups become (coarser tables, pruned keys), this must hold; the
 * IP table's number of addresses over more than EXACT_TABLE_DAYS days is an estimate, within its bound.
 */

const NOW = new Date('2026-06-15T12:00:00Z');
const ZONES = ['Asia/Shanghai', 'UTC', 'Asia/Kathmandu', 'Pacific/Pago_Pago'] as const;
/** Days on both sides of month and year edges, and dates picked at random from the last 14 months. */
const EDGE_DAYS = ['2025-06-30', '2025-07-01', '2025-12-31', '2026-01-01', '2026-02-28', '2026-03-01'];
const RANDOM_DAYS = 24;
const VISITS_PER_DAY = 5;
const RANDOM_RANGES = 8;

/** Each table call, the rollup dimension it reads, and how its rows are shaped. */
const TABLES = [
  { path: '/refer/category', dim: 'category', kind: 'dim' },
  { path: '/refer/domain', dim: 'ref_domain', kind: 'dim' },
  { path: '/refer/page', dim: 'referrer', kind: 'dim' },
  { path: '/refer/engine', dim: 'engine', kind: 'dim' },
  { path: '/refer/keyword', dim: 'keyword', kind: 'dim' },
  { path: '/content/entry', dim: 'entry', kind: 'dim' },
  { path: '/visitors/area', dim: 'cn_province', kind: 'dim', query: { scope: 'province' } },
  { path: '/visitors/area', dim: 'country', kind: 'dim', query: { scope: 'country' } },
  { path: '/visitors/ip', dim: 'ip', kind: 'ip' },
  { path: '/content/page', dim: 'page', kind: 'page' },
  { path: '/content/domain', dim: 'domain', kind: 'page' },
] as const;

type Table = (typeof TABLES)[number];
type Sums = PageSums;
/** A row of zeros (what the reports' own reader gives for no row). */
const zero = (): Sums => sumsOf(undefined);
const add = (into: Sums, row: Record<string, number>) => {
  for (const k of PAGE_SUM_KEYS) into[k] += row[k] ?? 0;
};

/** `site|dim` → local day → key → that day's row of the recount. */
type Days = Map<string, Map<string, Map<string, Record<string, number>>>>;
const daysKey = (siteId: number, dim: string) => `${siteId}|${dim}`;

function byDay(daily: Record<string, Record<string, number>>): Days {
  const out: Days = new Map();
  for (const [k, row] of Object.entries(daily)) {
    const { siteId, day, dim, key } = dailyKeyParts(k);
    const ofDim = out.get(daysKey(siteId, dim)) ?? new Map<string, Map<string, Record<string, number>>>();
    out.set(daysKey(siteId, dim), ofDim);
    const ofDay = ofDim.get(day) ?? new Map<string, Record<string, number>>();
    ofDim.set(day, ofDay);
    ofDay.set(key, row);
  }
  return out;
}

/** A dimension's keys over local dates from..to: sums, and the last day each key had a row. */
function keysOver(days: Days, siteId: number, dim: string, from: string, to: string) {
  const out = new Map<string, { sums: Sums; lastDay: string }>();
  for (const [day, keys] of days.get(daysKey(siteId, dim)) ?? []) {
    if (day < from || day > to) continue;
    for (const [key, row] of keys) {
      const entry = out.get(key) ?? { sums: zero(), lastDay: day };
      add(entry.sums, row);
      if (day > entry.lastDay) entry.lastDay = day;
      out.set(key, entry);
    }
  }
  return out;
}

const siteSums = (days: Days, siteId: number, from: string, to: string) =>
  keysOver(days, siteId, 'site', from, to).get('')?.sums ?? zero();

/** Byte order of UTF-8, as `collate "C"` sorts. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** What a sort field orders by: a sum, or a rate of two (null, sorted last, when its base is 0). */
const RATES: Record<string, [keyof Sums, keyof Sums]> = {
  bounce_rate: ['bounces', 'visits'],
  avg_duration: ['duration_ms', 'visits'],
  exit_rate: ['exits', 'pv'],
  avg_time: ['duration_ms', 'pv'],
};
function sortValue(s: Sums, field: string): number | null {
  const ratio = RATES[field];
  if (!ratio) return s[field as keyof Sums];
  return s[ratio[1]] > 0 ? s[ratio[0]] / s[ratio[1]] : null;
}

function sorted<R extends { sums: Sums }>(rows: [string, R][], sort: string) {
  const desc = sort.startsWith('-');
  const field = desc ? sort.slice(1) : sort;
  return rows.sort(([ka, a], [kb, b]) => {
    if (field === 'key') return desc ? byteOrder(kb, ka) : byteOrder(ka, kb);
    const va = sortValue(a.sums, field);
    const vb = sortValue(b.sums, field);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      return desc ? vb - va : va - vb;
    }
    return byteOrder(ka, kb);
  });
}

interface Period {
  from: string;
  to: string;
}

const previousOf = ({ from, to }: Period): Period => {
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
};

/** The table the reports should answer, from the recount alone. */
function expectedTable(
  days: Days,
  siteId: number,
  table: Table,
  period: Period,
  q: { sort: string; limit: number; page: number; compare: boolean },
) {
  const summary = siteSums(days, siteId, period.from, period.to);
  const previous = previousOf(period);
  const all = sorted([...keysOver(days, siteId, table.dim, period.from, period.to)], q.sort);
  const before = q.compare ? keysOver(days, siteId, table.dim, previous.from, previous.to) : undefined;
  const metrics = table.kind === 'page' ? toPageMetrics : toMetrics;
  const list = all.slice((q.page - 1) * q.limit, q.page * q.limit).map(([key, { sums, lastDay }]) => ({
    key,
    ...metrics(sums),
    ratio: table.kind === 'page' ? rate(sums.pv, summary.pv) : rate(sums.visits, summary.visits),
    ...(before ? { previous: metrics(before.get(key)?.sums ?? zero()) } : {}),
    ...(table.kind === 'ip' ? { area: ipArea(key), last_day: lastDay } : {}),
  }));
  return {
    list,
    total: all.length,
    summary: toMetrics(summary),
    previous_summary: q.compare ? toMetrics(siteSums(days, siteId, previous.from, previous.to)) : null,
  };
}

/**
 * Over more than EXACT_TABLE_DAYS days a table says it lists each day's top keys (every key here: no day
 * has more than TOP_PER_DAY of a dimension; reports.top-rows.test.ts checks lists that leave some out),
 * and the IP table estimates its number of addresses, within 1 % of the exact one.
 */
function expectTopAndAddresses(
  data: { top_per_day: number | null; addresses?: number | null },
  table: Table,
  period: Period,
  exact: number,
  label: string,
) {
  const whole = daysBetween(period.from, period.to) + 1 <= EXACT_TABLE_DAYS;
  expect(data.top_per_day, label).toBe(whole ? null : TOP_PER_DAY);
  if (table.kind !== 'ip') return;
  if (whole) expect(data.addresses, label).toBeNull();
  else expect(Math.abs(data.addresses! - exact), label).toBeLessThanOrEqual(exact * 0.01);
}

/** The address's place as the page shows it: looked up when read, not counted (so not under test). */
function ipArea(ip: string): string {
  const a = lookupArea(ip);
  return areaText([a.country, a.province, a.city], 'zh-CN');
}

describe('reports over random periods equal the raw recount', () => {
  let t: TestApp;
  let token: string;
  let days: Days;
  const sites: { id: number; zone: string; today: string }[] = [];
  const random = rng(26);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const get = (path: string, query: Record<string, string | number>) => reportData(t, token, path, query);

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    const owner = await newOwner(t);
    token = owner.token;
    const window = eachDay(addDays(localDay(NOW, 'UTC'), -430), localDay(NOW, 'UTC'));
    for (const [i, zone] of ZONES.entries()) {
      const host = `site${i}.example`;
      const site = await newSite(t, owner, { name: `Site ${i}`, timezone: zone, domains: [host] });
      const today = localDay(NOW, zone);
      sites.push({ id: site.id, zone, today });
      const chosen = new Set([...EDGE_DAYS, addDays(today, -1), today]);
      while (chosen.size < EDGE_DAYS.length + 2 + RANDOM_DAYS) chosen.add(pick(window));
      const pool: string[] = [];
      const hits = [...chosen]
        .filter((day) => day <= today)
        .sort()
        .flatMap((day) => {
          const dayStart = zonedMidnight(day, zone);
          const dayEnd = new Date(zonedMidnight(addDays(day, 1), zone).getTime() - 1);
          const until = dayEnd < NOW ? dayEnd : NOW;
          return demoDay({
            key: site.tracking_key,
            host,
            dayStart,
            visits: VISITS_PER_DAY,
            pool,
            random,
            until,
          });
        })
        .filter((h) => h.at <= NOW);
      await t.services.collect.ingestMany(
        hits.map((h) => ({ payload: h.payload, ctx: { ip: h.ip, userAgent: h.ua, headers: {}, now: h.at } })),
      );
    }
    await t.services.rollups.refresh();
    days = byDay((await recount(t)).daily);
  });
  afterAll(() => t.close());

  /** Periods across the edges the traffic straddles, the longest, and random ones up to 366 days. */
  function periodsOf(today: string): Period[] {
    const periods: Period[] = [
      { from: '2025-12-31', to: '2026-01-01' },
      { from: '2026-02-28', to: '2026-03-01' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2025-06-30', to: '2026-03-01' },
      { from: today, to: today },
      { from: addDays(today, -(MAX_RANGE_DAYS - 1)), to: today },
    ];
    for (let i = 0; i < RANDOM_RANGES; i++) {
      const length = 1 + Math.floor(random() * MAX_RANGE_DAYS);
      const to = addDays(today, -Math.floor(random() * (430 - length)));
      periods.push({ from: addDays(to, -(length - 1)), to });
    }
    return periods;
  }

  it('the traffic covers the edges and the recount has rows for every table', () => {
    for (const site of sites) {
      for (const day of EDGE_DAYS) expect(days.get(daysKey(site.id, 'site'))?.has(day), day).toBe(true);
      for (const table of TABLES) expect(days.has(daysKey(site.id, table.dim)), table.dim).toBe(true);
      // So tables over long periods list every key (expectTopAndAddresses).
      for (const table of TABLES) {
        for (const keys of days.get(daysKey(site.id, table.dim))!.values()) {
          expect(keys.size).toBeLessThanOrEqual(TOP_PER_DAY);
        }
      }
    }
  });

  // 616 report calls: 9–10 s alone, more than the default limit when the suite loads the machine.
  it('every table: rows, order, page, total, summary and the previous period', {
    timeout: 120_000,
  }, async () => {
    let compared = 0;
    for (const site of sites) {
      for (const period of periodsOf(site.today)) {
        for (const table of TABLES) {
          const fields: readonly string[] = table.kind === 'page' ? PAGE_SORT_FIELDS : DIM_SORT_FIELDS;
          const q = {
            sort: `${random() < 0.5 ? '-' : ''}${pick(fields)}`,
            limit: pick([5, 20, 200]),
            page: 1,
            compare: random() < 0.5,
          };
          const keys = keysOver(days, site.id, table.dim, period.from, period.to).size;
          q.page = 1 + Math.floor(random() * Math.max(1, Math.ceil(keys / q.limit)));
          const data = await get(table.path, {
            site_id: site.id,
            range: 'custom',
            ...period,
            ...('query' in table ? table.query : {}),
            sort: q.sort,
            limit: q.limit,
            page: q.page,
            ...(q.compare ? { compare: 1 } : {}),
          });
          const expected = expectedTable(days, site.id, table, period, q);
          const label = `${site.zone} ${table.path} ${table.dim} ${period.from}..${period.to} ${JSON.stringify(q)}`;
          expect(data.period, label).toEqual({
            ...period,
            ...prefixed(previousOf(period)),
            timezone: site.zone,
          });
          expect(
            {
              list: data.list,
              total: data.total,
              summary: data.summary,
              previous_summary: data.previous_summary,
            },
            label,
          ).toEqual(expected);
          expectTopAndAddresses(data, table, period, expected.total, label);
          compared += expected.list.length;
        }
      }
    }
    // Enough rows were compared for the check to mean something.
    expect(compared).toBeGreaterThan(2000);
  });

  it('the trend by day and every site side by side', async () => {
    for (const site of sites) {
      for (const period of periodsOf(site.today)) {
        const trend = await get('/trend', { site_id: site.id, range: 'custom', ...period, compare: 1 });
        const previous = previousOf(period);
        const before = eachDay(previous.from, previous.to);
        expect(trend.points).toEqual(
          eachDay(period.from, period.to).map((day, i) => ({
            key: day,
            current: toMetrics(siteSums(days, site.id, day, day)),
            previous_key: before[i],
            previous: toMetrics(siteSums(days, site.id, before[i]!, before[i]!)),
          })),
        );
        expect(trend.totals).toEqual(toMetrics(siteSums(days, site.id, period.from, period.to)));
        expect(trend.previous_totals).toEqual(toMetrics(siteSums(days, site.id, previous.from, previous.to)));
      }
    }
    // /site/all gives each site its own local dates: one period per call, from the first site's edges.
    for (const period of periodsOf(sites[0]!.today)) {
      const all = await get('/all', { range: 'custom', ...period, limit: 200 });
      for (const site of sites) {
        const row = all.list.find((r: { site: { id: number } }) => r.site.id === site.id);
        expect(row?.current, `${site.zone} ${period.from}..${period.to}`).toEqual(
          toMetrics(siteSums(days, site.id, period.from, period.to)),
        );
      }
    }
  });
});

const prefixed = (p: Period) => ({ previous_from: p.from, previous_to: p.to });
