import { EXACT_TABLE_DAYS, TOP_PER_DAY, topRankedBy } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite, reportData } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { dailyKeyParts, recount } from '../../../test/raw-recount.js';
import { demoDay, rng } from '../../lib/demo-traffic/demo-traffic.js';
import { zonedMidnight } from '../../lib/local-time.js';

/**
 * Tables over more than EXACT_TABLE_DAYS days against the raw recount: each day's TOP_PER_DAY keys (by
 * visits, pages by page views; ties by the other, then byte order), their figures added over the days
 * they were among them; the IP table's number of every address estimated within 1 %; every key again
 * at EXACT_TABLE_DAYS days. Days busier than the top, in three months, so the lists leave keys out.
 */
const NOW = new Date('2026-06-15T12:00:00Z');
const DAYS = ['2026-03-10', '2026-04-15', '2026-05-20'];
const LONG = { range: 'custom', from: '2026-03-01', to: '2026-05-31' };
const PATHS = 400;

/** Each table checked, its rollup dimension, and its ranking (the figure first, then the tie-break). */
const TABLES = [
  {
    path: '/visitors/ip',
    dim: 'ip',
    rank: ['visits', 'pv'],
    sort: '-visits',
    figures: ['pv', 'visits', 'ip'],
  },
  {
    path: '/content/page',
    dim: 'page',
    rank: ['pv', 'visits'],
    sort: '-pv',
    figures: ['pv', 'visits', 'ip', 'entries', 'exits'],
  },
] as const;

describe('tables over more than EXACT_TABLE_DAYS days', () => {
  let t: TestApp;
  let token: string;
  let siteId: number;
  let siteKey: string;
  let daily: Record<string, Record<string, number>>;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    const owner = await newOwner(t);
    token = owner.token;
    const site = await newSite(t, owner, { timezone: 'Asia/Shanghai', domains: ['top.example'] });
    siteId = site.id;
    siteKey = site.tracking_key;
    const random = rng(27);
    const pool: string[] = [];
    // The demo's few pages spread over PATHS paths, more of them on the first (a long tail): a page's
    // views and pings share its page id, so its path too.
    const path = (pageId: string) =>
      `/p/${Math.floor(((Number.parseInt(pageId.slice(0, 5), 36) % 1000) ** 2 / 1e6) * PATHS)}`;
    const hits = DAYS.flatMap((day) =>
      demoDay({
        key: site.tracking_key,
        host: 'top.example',
        dayStart: zonedMidnight(day, 'Asia/Shanghai'),
        visits: 400,
        pool,
        random,
        until: NOW,
      }),
    ).map((h) => {
      const p = h.payload as { u: string; p: string };
      return { ...h, payload: { ...p, u: `https://top.example${path(p.p)}` } };
    });
    await t.services.collect.ingestMany(
      hits.map((h) => ({ payload: h.payload, ctx: { ip: h.ip, userAgent: h.ua, headers: {}, now: h.at } })),
    );
    await t.services.rollups.refresh();
    daily = (await recount(t)).daily;
  });
  afterAll(() => t.close());

  /** The recount's rows of a dimension, by day. */
  const dayRows = (dim: string) => {
    const days = new Map<string, [string, Record<string, number>][]>();
    for (const [k, row] of Object.entries(daily)) {
      const parts = dailyKeyParts(k);
      if (parts.dim === dim) days.set(parts.day, [...(days.get(parts.day) ?? []), [parts.key, row]]);
    }
    return days;
  };

  /** Every page of a table over `query`, 200 rows a call. */
  const allPages = async (path: string, query: Record<string, string | number>) => {
    const pages: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const data = await reportData(t, token, path, { ...query, limit: 200, page });
      pages.push(data);
      if (data.list.length < 200) return pages;
    }
  };

  /** The table over LONG lists each day's top keys with their figures on those days (by the recount). */
  const expectDaysTop = async (table: (typeof TABLES)[number]) => {
    // The ranking the reads assume (leaders) is the one the recount flags.
    expect(topRankedBy(table.dim)).toBe(table.rank[0]);
    const days = dayRows(table.dim);
    const top = new Map<string, Record<string, number>>();
    // Every chosen day has more keys than it keeps, or the check would not tell top from all (a visit's
    // pages after midnight count on the next day, with a few keys).
    for (const day of DAYS) expect(days.get(day)!.length).toBeGreaterThan(TOP_PER_DAY);
    for (const rows of days.values()) {
      const [first, second] = table.rank;
      rows.sort(
        ([ka, a], [kb, b]) =>
          b[first]! - a[first]! ||
          b[second]! - a[second]! ||
          Buffer.compare(Buffer.from(ka), Buffer.from(kb)),
      );
      for (const [key, row] of rows.slice(0, TOP_PER_DAY)) {
        const sum = top.get(key) ?? Object.fromEntries(table.figures.map((f) => [f, 0]));
        for (const f of table.figures) sum[f]! += row[f]!;
        top.set(key, sum);
      }
    }
    const pages = await allPages(table.path, { site_id: siteId, ...LONG, sort: table.sort });
    const listed = pages.flatMap((p) => p.list as Record<string, number>[]);
    for (const page of pages) {
      expect([page.total, page.top_per_day]).toEqual([top.size, TOP_PER_DAY]);
    }
    const shown = (r: Record<string, number>) => Object.fromEntries(table.figures.map((f) => [f, r[f]]));
    expect(Object.fromEntries(listed.map((r) => [r.key, shown(r)]))).toEqual(Object.fromEntries(top));
    if (table.dim === 'ip') {
      const all = new Set([...days.values()].flatMap((rows) => rows.map(([key]) => key)));
      const addresses = pages[0]!.addresses as number;
      expect(Math.abs(addresses - all.size), `${addresses} for ${all.size}`).toBeLessThanOrEqual(
        all.size * 0.01,
      );
    }
  };

  for (const table of TABLES) {
    it(`${table.path}: the days' top keys with their figures on those days`, () => expectDaysTop(table));
  }

  it(`every key over ${EXACT_TABLE_DAYS} days`, async () => {
    for (const table of TABLES) {
      const data = await reportData(t, token, table.path, {
        site_id: siteId,
        range: 'custom',
        from: '2026-04-01',
        to: '2026-05-01',
        limit: 5,
      });
      expect([data.top_per_day, data.addresses ?? null]).toEqual([null, null]);
      expect(data.total).toBe(dayRows(table.dim).get('2026-04-15')!.length);
    }
  });

  // LONG's months are whole and settled (months_settled_before): it reads their monthly top rows, which
  // the rollups job counts again once a day of theirs was recounted.
  it('late hits on a day of a whole month show over LONG once the rollups job has run', async () => {
    const late = demoDay({
      key: siteKey,
      host: 'top.example',
      dayStart: zonedMidnight('2026-04-15', 'Asia/Shanghai'),
      visits: 60,
      pool: [],
      random: rng(28),
      until: NOW,
    }).map((h) => ({ ...h, payload: { ...(h.payload as { u: string }), u: 'https://top.example/late' } }));
    await t.services.collect.ingestMany(
      late.map((h) => ({ payload: h.payload, ctx: { ip: h.ip, userAgent: h.ua, headers: {}, now: h.at } })),
    );
    await t.services.rollups.refresh();
    daily = (await recount(t)).daily;
    expect(
      dayRows('page')
        .get('2026-04-15')!
        .some(([key]) => key.endsWith('/late')),
    ).toBe(true);
    for (const table of TABLES) await expectDaysTop(table);
  });

  it('the overview says its top lists are the days’ top over a long period, and not over a short one', async () => {
    const long = await reportData(t, token, '/overview', { site_id: siteId, ...LONG });
    const short = await reportData(t, token, '/overview', { site_id: siteId, range: '30d' });
    expect([long.top_per_day, short.top_per_day]).toEqual([TOP_PER_DAY, null]);
  });
});
