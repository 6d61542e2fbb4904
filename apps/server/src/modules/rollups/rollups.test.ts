import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { METRICS, recount } from '../../../test/raw-recount.js';
import { IP_AS_DAILY } from '../../db/schema/analytics.js';
import { demoDay, rng } from '../../lib/demo-traffic/demo-traffic.js';
import { localDay, zonedMidnight } from '../../lib/local-time.js';
import { generateDemo } from '../demo/demo.service.js';
import { DAILY_COLUMNS } from '../reports/rollup-reads.repository.js';
import { RollupsRepository } from './rollups.repository.js';
import {
  CLAIM_DAYS_SQL,
  CLEAR_DAYS_SQL,
  DAILY_DIMS,
  HOURLY_SQL,
  hostJoin,
  hostPattern,
  UNLEASE_DAYS_SQL,
} from './rollups.sql.js';

type Row = Record<string, unknown>;

/** A page view of visit `v`'s visitor on `path`, a minute after the visit's last hit. */
function laterPageView(t: TestApp, v: Row, path: string) {
  const at = new Date(new Date(v.last_at as string).getTime() + 60_000);
  const payload = { s: v.tracking_key, t: 'pv', u: `https://demo1.tally.local${path}`, v: v.visitor };
  return t.services.collect.ingestMany([
    { payload, ctx: { ip: '202.96.134.9', userAgent: 'Mozilla/5.0 Chrome/126', headers: {}, now: at } },
  ]);
}

async function stored(t: TestApp) {
  const num = (r: Row, cols: readonly string[]) => Object.fromEntries(cols.map((c) => [c, Number(r[c])]));
  const hourly = await t.db.query<Row>('select * from rollup_hourly');
  // The addresses' table read as the `ip` dimension's rows it replaced, as the reports read it.
  const daily = await t.db.query<Row>(
    `select *, to_char(day, 'YYYY-MM-DD') as day_text
       from (select ${DAILY_COLUMNS} from rollup_daily union all ${IP_AS_DAILY}) d`,
  );
  return {
    hourly: Object.fromEntries(
      hourly.map((r) => [`${r.site_id}|${new Date(r.hour as string).toISOString()}`, num(r, METRICS)]),
    ),
    daily: Object.fromEntries(
      daily.map((r) => [
        `${r.site_id}|${r.day_text}|${r.dim}|${r.key}`,
        num(r, [...METRICS, 'entries', 'exits']),
      ]),
    ),
  };
}

describe('rollups equal a recount from raw events', () => {
  let t: TestApp;
  const now = new Date('2026-05-20T09:30:00Z');

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('after demo traffic on two sites and a site in a zone with a 45-minute offset', async () => {
    await generateDemo(t.services, { sites: 2, days: 3, visitsPerDay: 40, now, seed: 7 });
    const owner = await newOwner(t);
    const site = await newSite(t, owner, { timezone: 'Asia/Kathmandu', domains: ['kathmandu.example'] });
    const random = rng(3);
    const pool: string[] = [];
    for (const day of ['2026-05-18', '2026-05-19']) {
      const hits = demoDay({
        key: site.tracking_key,
        host: 'kathmandu.example',
        dayStart: zonedMidnight(day, 'Asia/Kathmandu'),
        visits: 30,
        pool,
        random,
        until: new Date(zonedMidnight(day, 'Asia/Kathmandu').getTime() + 86_399_999),
      });
      await t.services.collect.ingestMany(
        hits.map((h) => ({ payload: h.payload, ctx: { ip: h.ip, userAgent: h.ua, headers: {}, now: h.at } })),
      );
    }
    await t.services.rollups.refresh();
    const expected = await recount(t);
    const actual = await stored(t);
    expect(Object.keys(expected.hourly).length).toBeGreaterThan(20);
    expect(actual.hourly).toEqual(expected.hourly);
    expect(actual.daily).toEqual(expected.daily);
    const [dirty] = await t.db.query<{ n: number }>('select count(*)::int as n from rollup_dirty');
    expect(dirty?.n).toBe(0);
  });

  it('stays equal when later hits extend earlier visits (a bounce that stops being one)', async () => {
    const [v] = await t.db.query<Row>(
      `select v.site_id, v.visitor, v.last_at, s.tracking_key from visits v join sites s on s.id = v.site_id
        where v.pageviews = 1 order by v.last_at desc limit 1`,
    );
    await laterPageView(t, v!, '/second');
    const before = await stored(t);
    await t.services.rollups.refresh();
    const expected = await recount(t);
    const actual = await stored(t);
    expect(actual).toEqual(expected);
    expect(actual).not.toEqual(before);
  });

  it('a range recount (tally rollups recount) rebuilds lost, wrong and stale rollups, whatever the pacing says', async () => {
    const expected = await recount(t);
    const [first] = await t.db.query<Row>(`select min(day)::text as day from rollup_daily`);
    await t.db.query(`delete from rollup_daily where day = $1::date`, [first!.day]);
    await t.db.query(`delete from rollup_daily_ip where day = $1::date`, [first!.day]);
    await t.db.query(`update rollup_hourly set pv = pv + 7, uv = 0`);
    // Rows of keys the raw rows do not hold (an import undone): the recount of their day removes them.
    await t.db.query(
      `insert into rollup_daily (${DAILY_COLUMNS})
       select site_id, day, 'page', '/gone', pv, uv, ip, visits, new_visitors, bounces, duration_ms, 0, 0
         from rollup_daily where dim = 'site' and day > $1::date`,
      [first!.day],
    );
    await t.db.query(
      `insert into rollup_daily_ip (site_id, day, ip, pv, uv, visits, new_visitors, bounces, duration_ms)
       select site_id, day, '203.0.113.9', pv, uv, visits, new_visitors, bounces, duration_ms
         from rollup_daily where dim = 'site' and day > $1::date`,
      [first!.day],
    );
    // Every day just recounted at great cost: the job's pacing would leave them for minutes.
    await t.db.query(
      `insert into rollup_day_state (site_id, day, counted_at, cost_ms) select distinct site_id, day, now(), 60000 from rollup_daily
       on conflict (site_id, day) do update set counted_at = now(), cost_ms = 60000`,
    );
    const phases = new Set<string>();
    let last = { done: 0, total: -1 };
    const done = await t.services.rollups.recountRange(
      { from: '2026-05-01', to: '2026-05-31', siteIds: null },
      (p) => {
        phases.add(p.phase);
        last = p;
      },
    );
    expect(await stored(t)).toEqual(expected);
    expect(done.hours).toBe(Object.keys(expected.hourly).length);
    expect(phases).toEqual(new Set(['hours', 'days']));
    expect(last.done).toBe(last.total);
    // A range without raw rows marks nothing: rollups whose raw rows retention removed stay as they are.
    expect(
      await t.services.rollups.recountRange({ from: '2025-01-01', to: '2025-01-31', siteIds: null }),
    ).toEqual({
      hours: 0,
      days: 0,
    });
  });

  it('a day marked again while its dimensions are being recounted keeps its mark; a lease keeps other workers off until it expires', async () => {
    const [v] = await t.db.query<Row>(
      `select v.visitor, v.last_at, s.tracking_key, s.timezone from visits v join sites s on s.id = v.site_id
        order by v.last_at desc limit 1`,
    );
    const pageView = (path: string) => laterPageView(t, v!, path);
    const claim = () =>
      t.db.query<{ site_id: string; day: string; version: number }>(CLAIM_DAYS_SQL, [50, true]);
    const marks = () =>
      t.db.query<Row>(`select to_char(day, 'YYYY-MM-DD') as day, leased_until from rollup_dirty_days`);
    await pageView('/third');
    await t.db.query(HOURLY_SQL, [200]);
    const claimed = await claim();
    const day = localDay(new Date(new Date(v!.last_at as string).getTime() + 60_000), String(v!.timezone));
    expect(claimed.map((c) => c.day)).toContain(day);
    expect(await claim()).toEqual([]);
    // The day's dimensions are being recounted when a later hit's hour marks it again.
    await pageView('/fourth');
    await t.db.query(HOURLY_SQL, [200]);
    const keys = [claimed.map((c) => c.site_id), claimed.map((c) => c.day)];
    await t.db.query(CLEAR_DAYS_SQL, [...keys, claimed.map((c) => c.version)]);
    await t.db.query(UNLEASE_DAYS_SQL, keys);
    expect(await marks()).toContainEqual({ day, leased_until: null });
    // A worker that died holding a lease: once it has expired, the day is claimed again.
    expect((await claim()).length).toBeGreaterThan(0);
    await t.db.query(`update rollup_dirty_days set leased_until = now() - interval '1 second'`);
    expect((await claim()).map((c) => c.day)).toContain(day);
    await t.db.query(`update rollup_dirty_days set leased_until = null`);
    await t.services.rollups.refresh();
    expect(await marks()).toEqual([]);
    expect(await stored(t)).toEqual(await recount(t));
  });

  it('recounts busy days a dimension a statement on PGlite, yielding between them; small days, PostgreSQL and a recount alone in one', async () => {
    const markAll = () =>
      t.db.query(
        `insert into rollup_dirty_days (site_id, day) select distinct site_id, day from rollup_daily`,
      );
    const before = await stored(t);
    const pausesWith = async (repo: RollupsRepository, alone = false) => {
      await markAll();
      const pauses: number[] = [];
      expect(await repo.recountDays(50, true, async (ms) => void pauses.push(ms), alone)).toBeGreaterThan(0);
      expect(await stored(t)).toEqual(before);
      return pauses.length;
    };
    // Every day here is far below PIECES_ABOVE page views: one statement.
    expect(await pausesWith(new RollupsRepository(t.db))).toBe(0);
    // Counted as busy, PGlite's days go a dimension at a time, with the same figures.
    expect(await pausesWith(new RollupsRepository(t.db, 0))).toBe(
      t.db.kind === 'pglite' ? DAILY_DIMS.length - 1 : 0,
    );
    // With the database to itself (the command line's range recount), in one statement all the same.
    expect(await pausesWith(new RollupsRepository(t.db, 0), true)).toBe(0);
  });

  it('a day whose recount fails stays marked and unleased, and the failure reaches the caller', async () => {
    const owner = await newOwner(t);
    const broken = await newSite(t, owner, { domains: ['broken.example'] });
    const other = await newSite(t, owner, { domains: ['other.example'] });
    await t.db.query(`insert into rollup_dirty_days (site_id, day) values ($1, '2026-05-19')`, [broken.id]);
    // A zone PostgreSQL does not know fails the daily statement (and only it: the range names another site).
    await t.db.query(`update sites set timezone = 'Nowhere/Zone' where id = $1`, [broken.id]);
    await expect(
      t.services.rollups.recountRange({ from: '2026-05-19', to: '2026-05-19', siteIds: [other.id] }),
    ).rejects.toThrow(/Nowhere\/Zone/);
    expect(
      await t.db.query('select leased_until from rollup_dirty_days where site_id = $1', [broken.id]),
    ).toEqual([{ leased_until: null }]);
    await t.db.query(`update sites set timezone = 'Asia/Shanghai' where id = $1`, [broken.id]);
    await t.services.rollups.refresh();
    expect(await t.db.query('select 1 from rollup_dirty_days')).toEqual([]);
  });
});

describe('the host of a page URL in the daily recount', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('equals the pattern, cut by string functions for http(s) URLs', async () => {
    const expected: [string, string | null][] = [
      ['https://www.example.com/a/b?c=1#d', 'www.example.com'],
      ['https://user:pw@example.com:8080/a?b#c', 'example.com'],
      ['http://a@b@c/x', 'b@c'],
      ['http://@host/', 'host'],
      ['http://host?x=1', 'host'],
      ['http://host#frag', 'host'],
      ['http://host', 'host'],
      ['https://h:1/p:2', 'h'],
      ['https://x.y.z:/', 'x.y.z'],
      ['https://a/b://c', 'a'],
      ['https://', ''],
      ['https://[::1]:8080/x', '[::1]'],
      ['https://u@[fe80::1]:1/', '[fe80::1]'],
      ['https://xn--fiq228c.com/路径', 'xn--fiq228c.com'],
      ['ftp://x.y/z', 'x.y'],
      ['HTTP://X/', null],
      ['mailto:a@b', null],
      ['', null],
    ];
    const rows = await t.db.query<{ url: string; cut: string | null; pattern: string | null }>(
      `select u.url, h.host as cut, ${hostPattern('u.url')} as pattern
         from unnest($1::text[]) as u(url) ${hostJoin('u.url')}`,
      [expected.map(([url]) => url)],
    );
    expect(rows.map((r) => [r.url, r.cut])).toEqual(expected);
    expect(rows.map((r) => [r.url, r.pattern])).toEqual(expected);
  });
});
