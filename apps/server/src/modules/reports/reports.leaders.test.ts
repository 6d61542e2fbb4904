import { TOP_PER_DAY } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newOwner, newSite, reportData } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { dailyKeyParts, recount } from '../../../test/raw-recount.js';
import { RollupReadsRepository } from './rollup-reads.repository.js';

/**
 * The overview's lists from the days' top rows (RollupReadsRepository.leaders) against the raw recount,
 * over days with more pages than each keeps on top: where those rows prove the list (a long tail, a few
 * pages far ahead) and where they cannot (every page alike; the list is then grouped from every key),
 * the same first pages with the same figures either way.
 */
const NOW = new Date('2026-06-15T12:00:00Z');
const DAYS = ['2026-06-01', '2026-06-02', '2026-06-03'];
const PERIOD = { range: 'custom', from: DAYS[0]!, to: DAYS[2]! };
const PATHS = TOP_PER_DAY + 50;

/** The page views of each day `d` (paths and their views), every view its own visitor's visit. */
async function traffic(t: TestApp, key: string, host: string, views: (d: number) => [string, number][]) {
  const hits = DAYS.flatMap((day, d) =>
    views(d).flatMap(([path, count], p) =>
      Array.from({ length: count }, (_, n) => ({
        payload: { s: key, t: 'pv', u: `https://${host}/${path}`, v: `${host.slice(0, 4)}${d}x${p}x${n}` },
        ctx: {
          ip: `10.${d}.${p % 250}.${n % 250}`,
          userAgent: 'Mozilla/5.0 Chrome/126',
          headers: {},
          now: new Date(Date.parse(`${day}T01:00:00Z`) + (p * 300 + n) * 1000),
        },
      })),
    ),
  );
  await t.services.collect.ingestMany(hits);
}

/** Paths p/0 … of a day, `views(i)` each. */
const paths = (views: (i: number) => number): [string, number][] =>
  Array.from({ length: PATHS }, (_, i) => [`p/${i}`, views(i)]);

describe('the overview’s lists from the days’ top rows', () => {
  let t: TestApp;
  let token: string;
  let repo: RollupReadsRepository;
  const sites: Record<'tail' | 'flat' | 'hidden' | 'imported', number> = {
    tail: 0,
    flat: 0,
    hidden: 0,
    imported: 0,
  };
  let daily: Record<string, Record<string, number>>;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    repo = new RollupReadsRepository(t.db);
    const owner = await newOwner(t);
    token = owner.token;
    const keys = { tail: '', flat: '', hidden: '', imported: '' };
    for (const name of ['tail', 'flat', 'hidden', 'imported'] as const) {
      const site = await newSite(t, owner, { timezone: 'UTC', domains: [`${name}.example`] });
      [sites[name], keys[name]] = [site.id, site.tracking_key];
    }
    // A long tail: p/0 has 120 views a day, p/119 and beyond one; a day's own extra view on a third of them.
    await traffic(t, keys.tail, 'tail.example', (d) =>
      paths((i) => Math.max(1, Math.floor(120 / (i + 1))) + (i % 3 === d ? 1 : 0)),
    );
    await traffic(t, keys.flat, 'flat.example', () => paths(() => 1));
    // First over the period, in no day's top: one view a day of `zz` against each day's own pages of two.
    await traffic(t, keys.hidden, 'hidden.example', (d) => [
      ...paths(() => 2).map(([path, n]): [string, number] => [`${path}/${d}`, n]),
      ['zz', 1],
    ]);
    // The long tail again, and an imported day (a Plausible export's aggregates) whose page outdoes it.
    await traffic(t, keys.imported, 'imported.example', (d) =>
      paths((i) => Math.max(1, Math.floor(120 / (i + 1))) + (i % 3 === d ? 1 : 0)),
    );
    const [file] = await t.db.query<{ id: number }>(
      `insert into imports (site_id, kind, file_name, file_hash, bytes, status)
       values ($1, 'plausible', 'export.zip', 'leaders', 1, 'done') returning id`,
      [sites.imported],
    );
    await t.db.query(
      `insert into imported_daily (import_id, site_id, day, dim, key, pv, uv, ip, visits, new_visitors, bounces,
                                   duration_ms, entries, exits)
       values ($1, $2, $3, 'page', '/from-plausible', 1000, 1, 1, 1, 1, 0, 0, 0, 0)`,
      [file!.id, sites.imported, DAYS[1]],
    );
    await t.services.rollups.refresh();
    daily = (await recount(t)).daily;
  }, 120_000);
  afterAll(() => t.close());

  /** The recount's pages of a site over the period (and its imported ones): page views down, ties in byte order. */
  const rawPages = (siteId: number) => {
    const pages = new Map<string, { pv: number; visits: number }>();
    if (siteId === sites.imported) pages.set('/from-plausible', { pv: 1000, visits: 1 });
    for (const [k, row] of Object.entries(daily)) {
      const parts = dailyKeyParts(k);
      if (parts.siteId !== siteId || parts.dim !== 'page') continue;
      const sum = pages.get(parts.key) ?? { pv: 0, visits: 0 };
      pages.set(parts.key, { pv: sum.pv + row.pv!, visits: sum.visits + row.visits! });
    }
    return [...pages]
      .sort(([ka, a], [kb, b]) => b.pv - a.pv || Buffer.compare(Buffer.from(ka), Buffer.from(kb)))
      .map(([key, sums]) => ({ key, ...sums }));
  };

  for (const kind of ['tail', 'flat', 'hidden', 'imported'] as const) {
    it(`${kind}: the overview's top pages and the page table are the recount's`, async () => {
      // More pages a day than the top keeps, or the top rows would hold every key.
      for (const day of DAYS) {
        const [row] = await t.db.query<{ n: number }>(
          "select count(*)::int as n from rollup_daily where site_id = $1 and dim = 'page' and day = $2",
          [sites[kind], day],
        );
        expect(Number(row!.n)).toBeGreaterThan(TOP_PER_DAY);
      }
      const figures = (list: { key: string; pv: number; visits: number }[]) =>
        list.map((r) => ({ key: r.key, pv: r.pv, visits: r.visits }));
      const overview = await reportData(t, token, '/overview', { site_id: sites[kind], ...PERIOD });
      expect(figures(overview.top_pages)).toEqual(rawPages(sites[kind]).slice(0, 10));
      // The page table's first two pages in the same order, and its total of every page.
      for (const page of [1, 2]) {
        const query = { site_id: sites[kind], ...PERIOD, sort: '-pv', limit: 10, page };
        const table = await reportData(t, token, '/content/page', query);
        expect(figures(table.list)).toEqual(rawPages(sites[kind]).slice((page - 1) * 10, page * 10));
        expect(table.total).toBe(rawPages(sites[kind]).length);
      }
    });
  }

  it('asks the top rows once for a list they cannot prove, before grouping every key', async () => {
    const asked = vi.spyOn(RollupReadsRepository.prototype, 'leaders');
    try {
      await reportData(t, token, '/overview', { site_id: sites.flat, ...PERIOD });
      // Five lists, each asked once: the pages' (unproven) no second time on the way to the grouping.
      expect(asked.mock.calls.map(([, dim]) => dim).sort()).toEqual(
        ['cn_province', 'country', 'page', 'ref_domain', 'visitor_type'].sort(),
      );
    } finally {
      asked.mockRestore();
    }
  });

  it('proves the long tail from the top rows, equal to grouping every key; leaves the even, the hidden and the imported pages to the grouping', async () => {
    const leaders = (siteId: number) => repo.leaders(siteId, 'page', PERIOD.from, PERIOD.to, 10);
    const grouped = await repo.keys(sites.tail, 'page', PERIOD.from, PERIOD.to, {
      sort: '-pv',
      limit: 10,
      offset: 0,
    });
    expect(await leaders(sites.tail)).toEqual(grouped.rows);
    expect(await leaders(sites.flat)).toBeNull();
    expect(await leaders(sites.hidden)).toBeNull();
    // Imported rows are no day's top: a site with them is always grouped.
    expect(await leaders(sites.imported)).toBeNull();
  });
});
