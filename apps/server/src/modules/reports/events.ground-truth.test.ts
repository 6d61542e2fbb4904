import { REPORT_BASE } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite, reportData } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { IP, IPHONE, NOW, visitor, writeTraffic } from '../../../test/report-traffic.js';

/**
 * Custom events as Tally's own tracker sends them (`t: 'ev'`, name `n`, properties `d`), through the
 * real collect pipeline, then read back by /events. Hand-counted, local times in Asia/Shanghai:
 * - 03-09 ann   signup {plan: pro}  20:00; download {file: a.pdf} 20:01
 * - 03-10 ann   signup {plan: pro}  09:00 (same visitor, another day)
 * - 03-10 ben   signup {plan: free, ref: ad} 10:00; signup {plan: pro} 10:05
 * - 03-10 cat   download {file: a.pdf} 11:00; download (no properties) 11:01
 * - 03-02       signup (outside 7 days: not counted)
 */
function traffic(key: string) {
  const ann = visitor(key, 'ann00001', IP.shenzhen, CHROME_WIN);
  const ben = visitor(key, 'ben00002', IP.beijing, IPHONE);
  const cat = visitor(key, 'cat00003', IP.usa, CHROME_WIN);
  const old = visitor(key, 'old00004', IP.usa, CHROME_WIN);
  const ev = (v: typeof ann, at: string, name: string, d?: Record<string, unknown>) => {
    const h = v.ev(at, '/', 'p1', name);
    return d ? { ...h, payload: { ...h.payload, d } } : h;
  };
  return [
    ann.pv('2026-03-09 19:59:00', '/', 'p1'),
    ev(ann, '2026-03-09 20:00:00', 'signup', { plan: 'pro' }),
    ev(ann, '2026-03-09 20:01:00', 'download', { file: 'a.pdf' }),
    ev(ann, '2026-03-10 09:00:00', 'signup', { plan: 'pro' }),
    ev(ben, '2026-03-10 10:00:00', 'signup', { plan: 'free', ref: 'ad' }),
    ev(ben, '2026-03-10 10:05:00', 'signup', { plan: 'pro' }),
    ev(cat, '2026-03-10 11:00:00', 'download', { file: 'a.pdf' }),
    ev(cat, '2026-03-10 11:01:00', 'download'),
    ev(old, '2026-03-02 12:00:00', 'signup'),
  ];
}

describe('events report: ground truth through the API', () => {
  let t: TestApp;
  let token: string;
  let siteId: number;
  const get = (query: Record<string, string | number> = {}) =>
    reportData(t, token, '/events', { site_id: siteId, ...query });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    const owner = await newOwner(t);
    token = owner.token;
    const site = await newSite(t, owner);
    siteId = site.id;
    await writeTraffic(t, traffic(site.tracking_key));
  });
  afterAll(() => t.close());

  it('names, counts, visitors, days and the top event’s properties over 7 days', async () => {
    const r = await get({ range: '7d' });
    expect(r.totals).toEqual({ count: 7, visitors: 3 });
    expect(r.list).toEqual([
      { name: 'signup', count: 4, visitors: 2, ratio: 0.5714 },
      { name: 'download', count: 3, visitors: 2, ratio: 0.4286 },
    ]);
    expect(r.total).toBe(2);
    expect(r.name).toBe('signup');
    expect(r.days).toHaveLength(7);
    expect(r.days.slice(-2)).toEqual([
      { key: '2026-03-09', count: 1, visitors: 1 },
      { key: '2026-03-10', count: 3, visitors: 2 },
    ]);
    expect(r.days[0]).toEqual({ key: '2026-03-04', count: 0, visitors: 0 });
    expect(r.props).toEqual([
      { key: 'plan', value: 'pro', count: 3, visitors: 2 },
      { key: 'plan', value: 'free', count: 1, visitors: 1 },
      { key: 'ref', value: 'ad', count: 1, visitors: 1 },
    ]);
  });

  it('one named event; today only; an unknown name is empty', async () => {
    const r = await get({ range: '7d', name: 'download' });
    expect(r.name).toBe('download');
    expect(r.props).toEqual([{ key: 'file', value: 'a.pdf', count: 2, visitors: 2 }]);
    const today = await get({ name: 'download' });
    expect(today.totals).toEqual({ count: 5, visitors: 3 });
    expect(today.days).toEqual([{ key: '2026-03-10', count: 2, visitors: 1 }]);
    const none = await get({ range: '7d', name: 'nothing' });
    expect(none.days.every((d: { count: number }) => d.count === 0)).toBe(true);
    expect(none.props).toEqual([]);
  });

  it('paging, the empty period, and a bad query', async () => {
    const second = await get({ range: '7d', limit: 1, page: 2 });
    expect(second.list.map((r: { name: string }) => r.name)).toEqual(['download']);
    expect(second.total).toBe(2);
    const empty = await get({ range: 'custom', from: '2026-01-01', to: '2026-01-02' });
    expect(empty).toMatchObject({
      totals: { count: 0, visitors: 0 },
      list: [],
      total: 0,
      name: null,
      props: [],
    });
    const res = await t.call('GET', `${REPORT_BASE}/events?site_id=${siteId}&range=custom`, { token });
    expect(res.status).toBe(422);
  });

  it('is refused for a site the caller cannot read', async () => {
    const stranger = await newOwner(t);
    const res = await t.call('GET', `${REPORT_BASE}/events?site_id=${siteId}`, { token: stranger.token });
    expect(res.status).not.toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('signup');
  });
});
