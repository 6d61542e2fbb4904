import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hit, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { BatchWriter } from './batch-writer.js';
import { IngestRepository } from './ingest.repository.js';
import type { IncomingEvent, VisitSource } from './visits.js';

const URL_ = 'https://example.com/page';

/** Hits the schema must refuse: each would make PostgreSQL refuse the batch statement it joins. */
const POISONS: ((key: string) => Record<string, unknown>)[] = [
  (s) => ({ s, t: 'pv', u: URL_, p: 'pv\u0000x' }),
  (s) => ({ s, t: 'pv', u: URL_, ti: 'title\u0000' }),
  (s) => ({ s, t: 'pv', u: URL_, r: 'https://ref.example/\u0000' }),
  (s) => ({ s, t: 'pv', u: URL_, l: 'zh\u0007CN' }),
  (s) => ({ s, t: 'pv', u: URL_, ti: 'half \ud83d pair' }),
  (s) => ({ s, t: 'ev', u: URL_, n: 'sign\u0000up' }),
  (s) => ({ s, t: 'ev', u: URL_, n: 'buy', d: { plan: 'pro\u0000' } }),
  (s) => ({ s, t: 'ev', u: URL_, n: 'buy', d: { plan: '\udc00' } }),
  (s) => ({ s, t: 'ev', u: URL_, n: 'buy', d: { 'k\ud800': 1 } }),
  (s) => ({ s, t: 'ev', u: URL_, n: 'buy\u001b[31m' }),
];

describe('a poisoned hit fails alone', () => {
  let t: TestApp;
  let keys: string[];
  let siteIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const sites = [];
    for (const name of ['Victim', 'Attacker', 'Bystander']) {
      const owner = await newOwner(t);
      sites.push(await newSite(t, owner, { name, domains: ['example.com'] }));
    }
    keys = sites.map((s) => s.tracking_key);
    siteIds = sites.map((s) => s.id);
  });
  afterAll(() => t.close());

  it('1,000 real hits from three sites with poisoned ones interleaved: every real hit stored and answered 2xx, every poisoned one refused', async () => {
    const real: { body: Record<string, unknown>; site: number }[] = [];
    for (let i = 0; i < 1000; i++) {
      const site = i % 3;
      const base = { s: keys[site], u: `${URL_}/${i % 17}`, v: `visitor${i % 131}`, p: `r${i}` };
      real.push({
        site,
        body: i % 4 === 3 ? { ...base, t: 'ev', n: 'click', d: { i } } : { ...base, t: 'pv' },
      });
    }
    const statuses = { real: new Map<number, number>(), poisoned: new Map<number, number>() };
    const tally = (m: Map<number, number>, status: number) => m.set(status, (m.get(status) ?? 0) + 1);
    let poisonedSent = 0;
    // Rounds of 50 real hits and 2 poisoned ones, sent at once so they share group commits; one poisoned
    // hit per round carries another site's key (the attacker's), the other the victim's own.
    for (let round = 0; round < 20; round++) {
      const batch = real.slice(round * 50, round * 50 + 50).map((r) => ({ body: r.body, poisoned: false }));
      batch.splice(round % 50, 0, { body: POISONS[round % POISONS.length]!(keys[1]!), poisoned: true });
      batch.splice(25 + (round % 20), 0, {
        body: POISONS[(round + 3) % POISONS.length]!(keys[round % 3]!),
        poisoned: true,
      });
      poisonedSent += 2;
      const answers = await Promise.all(batch.map((h) => hit(t, h.body)));
      for (const [i, res] of answers.entries())
        tally(batch[i]!.poisoned ? statuses.poisoned : statuses.real, res.statusCode);
    }
    expect(Object.fromEntries(statuses.real)).toEqual({ 204: 1000 });
    expect(Object.fromEntries(statuses.poisoned)).toEqual({ 422: poisonedSent });
    const rows = await t.db.query<{ site_id: string; page_id: string }>(
      'select site_id, page_id from events where page_id like $1',
      ['r%'],
    );
    expect(new Set(rows.map((r) => r.page_id)).size).toBe(1000);
    for (const [site, id] of siteIds.entries())
      expect(rows.filter((r) => Number(r.site_id) === id).length).toBe(
        real.filter((r) => r.site === site).length,
      );
  });
});

const SOURCE: VisitSource = {
  entryUrl: URL_,
  entryPath: '/page',
  referrer: '',
  refCategory: 'direct',
  refDomain: null,
  refName: null,
  keyword: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  ip: '127.0.0.1',
  country: '',
  province: '',
  city: '',
  isp: '',
  browser: '',
  browserVersion: '',
  os: '',
  osVersion: '',
  device: 'desktop',
  screen: '',
  language: '',
};

describe('the batch writer isolates what the database refuses', () => {
  let t: TestApp;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    siteId = (await newSite(t, await newOwner(t))).id;
  });
  afterAll(() => t.close());

  /** A prepared hit, as the service hands it over after the schema (which a bug could let through). */
  const event = (i: number, title: string, props: string | null = null): IncomingEvent => ({
    siteId,
    visitor: `iso${i % 7}`,
    ts: new Date(),
    localDay: new Date().toISOString().slice(0, 10),
    type: props ? 'ev' : 'pv',
    pageId: `iso${i}`,
    url: URL_,
    host: 'example.com',
    path: '/page',
    title,
    name: props ? 'x' : null,
    props,
    durationMs: 0,
    ip: '127.0.0.1',
    source: () => SOURCE,
  });

  it('splits a refused batch until only the refused hits fail; the rest are stored once', async () => {
    const writer = new BatchWriter(new IngestRepository(t.db));
    const bad = new Set([3, 17, 18, 40]);
    const batch = Array.from({ length: 45 }, (_, i) =>
      i === 40 ? event(i, 'ok', '{"k": "\\udc00"}') : event(i, bad.has(i) ? `title\u0000${i}` : 'ok'),
    );
    const results = await writer.write(batch);
    for (const [i, r] of results.entries()) {
      if (bad.has(i)) expect(r, `hit ${i}`).toBeInstanceOf(Error);
      else expect(r, `hit ${i}`).toBe(true);
    }
    const rows = await t.db.query<{ page_id: string }>('select page_id from events where page_id like $1', [
      'iso%',
    ]);
    expect(rows.map((r) => r.page_id).sort()).toEqual(
      batch
        .filter((_, i) => !bad.has(i))
        .map((e) => e.pageId)
        .sort(),
    );
    // The visits hold each stored hit once: a split never writes a hit twice.
    const [sum] = await t.db.query<{ n: string }>(
      'select sum(pageviews + events)::int as n from visits where site_id = $1',
      [siteId],
    );
    expect(Number(sum!.n)).toBe(45 - bad.size);
  });
});
