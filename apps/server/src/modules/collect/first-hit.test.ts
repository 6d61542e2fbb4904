import { HIT_DROP_WINDOW_MINUTES, REPORT_BASE } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hit, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { clientSession, expectSignInRequired } from '../../../test/role-matrix.js';
import { DropLog } from './drop-log.js';

const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36';

describe('sites.firstHit: a new site waits for its first hit', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof newOwner>>;
  let site: Awaited<ReturnType<typeof newSite>>;
  const firstHit = (id: number, token: string) =>
    t.call('GET', `/api/v1/api2/sites/firstHit?id=${id}`, { token });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newOwner(t);
    site = await newSite(t, owner, { domains: ['first-hit.example'], ignored_ips: ['203.0.113.9'] });
  });
  afterAll(() => t.close());

  it('answers no hit and no drops for a site nothing reached yet', async () => {
    const res = await firstHit(site.id, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ last_hit: null, dropped: [] });
  });

  it('counts the hits the pipeline dropped, by reason, and still no hit', async () => {
    const pv = { s: site.tracking_key, t: 'pv', u: 'https://first-hit.example/', v: 'dropped0001', p: 'p0' };
    expect((await hit(t, pv, { ua: HEADLESS })).headers['x-tally-dropped']).toBe('bot');
    expect((await hit(t, pv, { ua: HEADLESS })).headers['x-tally-dropped']).toBe('bot');
    expect((await hit(t, pv, { ip: '203.0.113.9' })).headers['x-tally-dropped']).toBe('ip');
    const res = await firstHit(site.id, owner.token);
    expect(res.body.data.last_hit).toBeNull();
    expect(res.body.data.dropped.map((d: { reason: string; count: number }) => [d.reason, d.count])).toEqual([
      ['bot', 2],
      ['ip', 1],
    ]);
    expect(Date.parse(res.body.data.dropped[0].last_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows a stored page view at once, from the raw events (no rollup has run)', async () => {
    const res = await hit(t, {
      s: site.tracking_key,
      t: 'pv',
      u: 'https://first-hit.example/pricing?ref=1',
      ti: 'Pricing',
      v: 'firstvisitor1',
      p: 'p1',
    });
    expect(res.statusCode).toBe(204);
    const answer = (await firstHit(site.id, owner.token)).body.data;
    expect(answer.last_hit).toMatchObject({
      url: 'https://first-hit.example/pricing?ref=1',
      path: '/pricing',
      title: 'Pricing',
    });
    expect(Date.parse(answer.last_hit.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await t.db.query('select 1 from rollup_hourly where site_id = $1', [site.id])).toEqual([]);
  });

  it('counts hits for a site whose tracking is off as `disabled` (the hit itself is still a 400)', async () => {
    const off = await newSite(t, owner, { domains: ['off.example'], enabled: false });
    const res = await hit(t, {
      s: off.tracking_key,
      t: 'pv',
      u: 'https://off.example/',
      v: 'offvisitor01',
      p: 'p',
    });
    expect(res.statusCode).toBe(400);
    const answer = (await firstHit(off.id, owner.token)).body.data;
    expect(answer).toMatchObject({ last_hit: null, dropped: [{ reason: 'disabled', count: 1 }] });
  });

  it("answers another owner's site as a missing one, and refuses a share-link client and bad input", async () => {
    const stranger = await newOwner(t);
    expect((await firstHit(site.id, stranger.token)).status).toBe(404);
    expect((await firstHit(999_999, owner.token)).status).toBe(404);
    expect((await firstHit(site.id, await clientSession(t))).status).toBe(403);
    const bad = await t.call('GET', '/api/v1/api2/sites/firstHit?id=abc', { token: owner.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['id']);
    await expectSignInRequired(t, ['GET', `/api/v1/api2/sites/firstHit?id=${site.id}`, undefined]);
  });

  it('lists the visit in 访问明细 (today) at once, also from the raw visits', async () => {
    const res = await t.call('GET', `${REPORT_BASE}/visitor?site_id=${site.id}&range=today`, {
      token: owner.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list.map((v: { entry_url: string }) => v.entry_url)).toEqual([
      'https://first-hit.example/pricing?ref=1',
    ]);
  });

  it('lets an admin read any site', async () => {
    const admin = await newOwner(t, ['admin']);
    const res = await firstHit(site.id, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.last_hit.path).toBe('/pricing');
  });
});

describe('DropLog', () => {
  it(`forgets drops older than ${HIT_DROP_WINDOW_MINUTES} minutes and keeps at most 100 per reason`, () => {
    let now = Date.parse('2026-11-27T10:00:00Z');
    const log = new DropLog(() => now);
    log.record(1, 'dnt');
    now += HIT_DROP_WINDOW_MINUTES * 60_000 + 1;
    for (let i = 0; i < 150; i++) log.record(1, 'bot');
    log.record(2, 'prefetch');
    expect(log.recent(1)).toEqual([{ reason: 'bot', count: 100, last_at: new Date(now).toISOString() }]);
    expect(log.recent(2).map((d) => d.reason)).toEqual(['prefetch']);
    expect(log.recent(3)).toEqual([]);
  });
});
