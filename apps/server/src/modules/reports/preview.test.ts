import { PREVIEW_BASE, PREVIEW_SITE_PATH, REPORT_PATHS, type ReportName } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';

const SIZE = { days: 3, visitsPerDay: 25 };

describe('public preview on a generated demo site', () => {
  let t: TestApp;
  let now = new Date('2026-04-15T02:00:00Z');
  let other: number;
  let ownerToken: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now, preview: SIZE });
    const owner = await newOwner(t);
    ownerToken = owner.token;
    other = (await newSite(t, owner, { name: 'Private' })).id;
  });
  afterAll(() => t.close());

  const get = (name: ReportName, query = '', token?: string) =>
    t.call('GET', `${PREVIEW_BASE}${REPORT_PATHS[name]}?${query}`, { token });

  it('creates the demo site on first use and serves every report without login', async () => {
    const site = await t.call('GET', PREVIEW_SITE_PATH);
    expect(site.status).toBe(200);
    expect(site.body.data).toMatchObject({
      name: '演示站点',
      domain: 'preview.tally.local',
      timezone: 'Asia/Shanghai',
    });
    for (const name of Object.keys(REPORT_PATHS) as ReportName[]) {
      if (name === 'visitorPages') continue;
      const res = await get(name, 'range=7d');
      expect(res.status, name).toBe(200);
    }
    const trend = (await get('trend', 'range=7d')).body.data;
    // Three days of history: today and the two before it.
    const busy = trend.points.filter((p: { current: { pv: number } }) => p.current.pv > 0);
    expect(busy.map((p: { key: string }) => p.key)).toEqual(['2026-04-13', '2026-04-14', '2026-04-15']);
    const log = (await get('visitor', 'range=7d&limit=1')).body.data;
    const pages = await get('visitorPages', `id=${log.list[0].id}`);
    expect(pages.body.data.list.length).toBeGreaterThan(0);
  });

  it('is pinned to the demo site whatever the request names or whoever asks', async () => {
    const demo = (await t.call('GET', PREVIEW_SITE_PATH)).body.data.id;
    for (const token of [undefined, ownerToken]) {
      const res = await get('overview', `site_id=${other}`, token);
      expect(res.body.data.site.id).toBe(demo);
      const all = await get('all', '', token);
      expect(all.body.data.list.map((r: { site: { id: number } }) => r.site.id)).toEqual([demo]);
    }
    expect((await t.call('POST', `${PREVIEW_BASE}/overview`, { body: {} })).status).toBe(404);
  });

  it('tops up as time passes, and a day filled in steps equals the day filled at once', async () => {
    const before = (await get('overview')).body.data.today;
    now = new Date('2026-04-15T12:00:00Z');
    const after = (await get('overview')).body.data.today;
    expect(after.pv).toBeGreaterThan(before.pv);

    const fresh = await createTestApp({}, { clock: () => now, preview: SIZE });
    try {
      const once = await fresh.call('GET', `${PREVIEW_BASE}/trend?range=7d`);
      const steps = await get('trend', 'range=7d');
      expect(steps.body.data.points).toEqual(once.body.data.points);
    } finally {
      await fresh.close();
    }
  });
});
