import { REPORT_BASE } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite, reportData } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  IP,
  IPHONE,
  mainSiteHits,
  NOW,
  REF,
  secondSiteHits,
  visitor,
  writeTraffic,
} from '../../../test/report-traffic.js';

/** Expected metrics in the contract's order: pv, uv, ip, visits, new visitors, bounce rate, avg duration. */
const m = (pv: number, uv: number, ip: number, visits: number, nv: number, br: number, avg: number) => ({
  pv,
  uv,
  ip,
  visits,
  new_visitors: nv,
  bounce_rate: br,
  avg_duration: avg,
});
/** Page metrics: pv, uv, ip, visits, entries, exits, exit rate, avg time. */
const pm = (
  pv: number,
  uv: number,
  ip: number,
  visits: number,
  en: number,
  ex: number,
  er: number,
  at: number,
) => ({
  pv,
  uv,
  ip,
  visits,
  entries: en,
  exits: ex,
  exit_rate: er,
  avg_time: at,
});
const ZERO = m(0, 0, 0, 0, 0, 0, 0);
const PZERO = pm(0, 0, 0, 0, 0, 0, 0, 0);

// Hand-counted from test/report-traffic.ts (the definitions are in packages/contracts/src/reports.ts).
const TODAY = m(6, 4, 3, 4, 2, 0.5, 18);
const YESTERDAY = m(7, 3, 3, 4, 3, 0.5, 24);
const DAY_0304 = m(1, 1, 1, 1, 1, 1, 0);
const DAY_0303 = m(1, 1, 1, 1, 1, 1, 0);
const LAST_7_DAYS = m(14, 8, 7, 9, 6, 0.5556, 18);
const PERIOD_7D = {
  from: '2026-03-04',
  to: '2026-03-10',
  previous_from: '2026-02-25',
  previous_to: '2026-03-03',
  timezone: 'Asia/Shanghai',
};

describe('reports: ground truth through the API', () => {
  let t: TestApp;
  let token: string;
  let siteId: number;
  let secondId: number;
  const get = (path: string, query: Record<string, string | number> = {}) =>
    reportData(t, token, path, { site_id: siteId, ...query });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => NOW });
    const owner = await newOwner(t);
    token = owner.token;
    const site = await newSite(t, owner, { name: 'Main', domains: ['example.com'] });
    const second = await newSite(t, owner, { name: 'Second', domains: ['second.example'] });
    siteId = site.id;
    secondId = second.id;
    await writeTraffic(t, [...mainSiteHits(site.tracking_key), ...secondSiteHits(second.tracking_key)]);
  });
  afterAll(() => t.close());

  it('overview: today, yesterday, same time yesterday, predicted, hours, tops, visitor types, online', async () => {
    const o = await get('/overview', { compare: 1 });
    expect(o.site).toEqual({ id: siteId, name: 'Main', domain: 'example.com', timezone: 'Asia/Shanghai' });
    expect(o.today).toEqual(TODAY);
    expect(o.yesterday).toEqual(YESTERDAY);
    // C1 and D1 began by 14:30 yesterday; D1's page view at 14:40 belongs to its visit.
    expect(o.same_time_yesterday).toEqual(m(4, 2, 2, 2, 2, 0.5, 23));
    // 6·7/4 = 10.5 → 11, 4·3/2, 3·3/2 = 4.5 → 5, 4·4/2, 2·3/2; rates stay today's.
    expect(o.predicted).toEqual(m(11, 6, 5, 8, 3, 0.5, 18));
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      today: hour <= 14 ? ZERO : null,
      yesterday: ZERO,
    }));
    Object.assign(hours[10]!, { yesterday: m(1, 1, 1, 1, 1, 1, 5) });
    Object.assign(hours[14]!, { yesterday: m(3, 1, 1, 1, 1, 0, 40), today: m(2, 1, 1, 1, 1, 0, 0) });
    Object.assign(hours[16]!, { yesterday: m(1, 1, 1, 1, 0, 1, 0) });
    Object.assign(hours[23]!, { yesterday: m(2, 1, 1, 1, 1, 0, 50) });
    Object.assign(hours[0]!, { today: m(1, 1, 1, 1, 0, 1, 10) });
    Object.assign(hours[9]!, { today: m(2, 1, 1, 1, 1, 0, 60) });
    Object.assign(hours[13]!, { today: m(1, 1, 1, 1, 0, 1, 0) });
    expect(o.hours).toEqual(hours);
    expect(o.period).toEqual({
      from: '2026-03-10',
      to: '2026-03-10',
      previous_from: '2026-03-09',
      previous_to: '2026-03-09',
      timezone: 'Asia/Shanghai',
    });
    expect(o.totals).toEqual(TODAY);
    expect(o.previous_totals).toEqual(YESTERDAY);
    expect(o.top_pages).toEqual([
      { key: '/', ...pm(2, 2, 2, 2, 2, 0, 0, 0), ratio: 0.3333, previous: pm(3, 3, 3, 3, 3, 1, 0.3333, 12) },
      { key: '/docs', ...pm(2, 2, 1, 2, 1, 2, 1, 5), ratio: 0.3333, previous: pm(1, 1, 1, 1, 0, 0, 0, 40) },
      {
        key: '/blog/hello',
        ...pm(1, 1, 1, 1, 0, 1, 1, 60),
        ratio: 0.1667,
        previous: pm(1, 1, 1, 1, 0, 1, 1, 0),
      },
      {
        key: '/pricing',
        ...pm(1, 1, 1, 1, 1, 1, 1, 0),
        ratio: 0.1667,
        previous: pm(2, 2, 2, 2, 1, 2, 1, 10),
      },
    ]);
    expect(o.top_referrers).toEqual([
      { key: 'news.example.org', ...m(1, 1, 1, 1, 0, 1, 0), ratio: 0.25, previous: ZERO },
      { key: 'weibo.com', ...m(2, 1, 1, 1, 1, 0, 60), ratio: 0.25, previous: ZERO },
    ]);
    expect(o.top_areas).toEqual([
      { key: '广东省', ...m(3, 2, 1, 2, 1, 0.5, 5), ratio: 0.5, previous: m(2, 1, 1, 1, 1, 0, 50) },
      { key: '北京市', ...m(2, 1, 1, 1, 1, 0, 60), ratio: 0.25, previous: ZERO },
      { key: '美国', ...m(1, 1, 1, 1, 0, 1, 0), ratio: 0.25, previous: m(1, 1, 1, 1, 1, 1, 5) },
    ]);
    expect(o.visitor_types).toEqual({ new: m(4, 2, 2, 2, 2, 0, 30), returning: m(2, 2, 2, 2, 0, 1, 5) });
    expect(o.online).toEqual({ visitors: 1, pageviews: 2, at: NOW.toISOString() });
  });

  it('online now counts the last five minutes', async () => {
    expect(await get('/online')).toEqual({ visitors: 1, pageviews: 2, at: NOW.toISOString() });
  });

  it('trend by day over 7 days with the previous 7 days', async () => {
    const trend = await get('/trend', { range: '7d', compare: 'true' });
    const days = ['03-04', '03-05', '03-06', '03-07', '03-08', '03-09', '03-10'];
    const before = ['02-25', '02-26', '02-27', '02-28', '03-01', '03-02', '03-03'];
    const current: Record<string, object> = { '03-04': DAY_0304, '03-09': YESTERDAY, '03-10': TODAY };
    expect(trend).toEqual({
      granularity: 'day',
      period: PERIOD_7D,
      points: days.map((d, i) => ({
        key: `2026-${d}`,
        current: current[d] ?? ZERO,
        previous_key: `2026-${before[i]}`,
        previous: before[i] === '03-03' ? DAY_0303 : ZERO,
      })),
      totals: LAST_7_DAYS,
      previous_totals: DAY_0303,
    });
  });

  it('trend by hour today against yesterday; totals stay whole-day figures', async () => {
    const trend = await get('/trend', { granularity: 'hour', compare: 1 });
    const today: Record<number, object> = {
      0: m(1, 1, 1, 1, 0, 1, 10),
      9: m(2, 1, 1, 1, 1, 0, 60),
      13: m(1, 1, 1, 1, 0, 1, 0),
      14: m(2, 1, 1, 1, 1, 0, 0),
    };
    const yesterday: Record<number, object> = {
      10: m(1, 1, 1, 1, 1, 1, 5),
      14: m(3, 1, 1, 1, 1, 0, 40),
      16: m(1, 1, 1, 1, 0, 1, 0),
      23: m(2, 1, 1, 1, 1, 0, 50),
    };
    const hh = (h: number) => String(h).padStart(2, '0');
    expect(trend.points).toEqual(
      Array.from({ length: 24 }, (_, h) => ({
        key: `2026-03-10 ${hh(h)}:00`,
        current: today[h] ?? ZERO,
        previous_key: `2026-03-09 ${hh(h)}:00`,
        previous: yesterday[h] ?? ZERO,
      })),
    );
    expect(trend.totals).toEqual(TODAY);
    expect(trend.previous_totals).toEqual(YESTERDAY);
  });

  /** A table over the last 7 days with comparison: every row, the total and both summaries. */
  async function table(path: string, query: Record<string, string | number> = {}) {
    const data = await get(path, { range: '7d', compare: 1, ...query });
    expect(data.period).toEqual(PERIOD_7D);
    expect(data.summary).toEqual(LAST_7_DAYS);
    expect(data.previous_summary).toEqual(DAY_0303);
    return data;
  }

  it('referrer categories', async () => {
    const data = await table('/refer/category');
    expect(data.total).toBe(4);
    expect(data.list).toEqual([
      { key: 'direct', ...m(5, 4, 3, 4, 3, 0.75, 4), ratio: 0.4444, previous: ZERO },
      { key: 'search', ...m(6, 2, 2, 3, 2, 0.3333, 30), ratio: 0.3333, previous: ZERO },
      { key: 'external', ...m(1, 1, 1, 1, 0, 1, 0), ratio: 0.1111, previous: DAY_0303 },
      { key: 'social', ...m(2, 1, 1, 1, 1, 0, 60), ratio: 0.1111, previous: ZERO },
    ]);
  });

  const BAIDU = m(3, 2, 2, 2, 1, 0.5, 25);
  const GOOGLE = m(3, 1, 1, 1, 1, 0, 40);
  const NEWS = m(1, 1, 1, 1, 0, 1, 0);
  const WEIBO = m(2, 1, 1, 1, 1, 0, 60);

  it('referring domains and pages', async () => {
    const domains = await table('/refer/domain');
    expect(domains.total).toBe(4);
    expect(domains.list).toEqual([
      { key: 'baidu.com', ...BAIDU, ratio: 0.2222, previous: ZERO },
      { key: 'google.com', ...GOOGLE, ratio: 0.1111, previous: ZERO },
      { key: 'news.example.org', ...NEWS, ratio: 0.1111, previous: DAY_0303 },
      { key: 'weibo.com', ...WEIBO, ratio: 0.1111, previous: ZERO },
    ]);
    const pages = await table('/refer/page');
    expect(pages.total).toBe(4);
    expect(pages.list).toEqual([
      { key: REF.baidu, ...BAIDU, ratio: 0.2222, previous: ZERO },
      { key: REF.news, ...NEWS, ratio: 0.1111, previous: DAY_0303 },
      { key: REF.weibo, ...WEIBO, ratio: 0.1111, previous: ZERO },
      { key: REF.google, ...GOOGLE, ratio: 0.1111, previous: ZERO },
    ]);
  });

  it('search engines and keywords', async () => {
    const engines = await table('/refer/engine');
    expect(engines.total).toBe(2);
    expect(engines.list).toEqual([
      { key: 'Baidu', ...BAIDU, ratio: 0.2222, previous: ZERO },
      { key: 'Google', ...GOOGLE, ratio: 0.1111, previous: ZERO },
    ]);
    const keywords = await table('/refer/keyword');
    expect(keywords.total).toBe(2);
    expect(keywords.list).toEqual([
      { key: 'tally', ...BAIDU, ratio: 0.2222, previous: ZERO },
      { key: 'web analytics', ...GOOGLE, ratio: 0.1111, previous: ZERO },
    ]);
  });

  it('areas: Chinese provinces and countries', async () => {
    const provinces = await table('/visitors/area');
    expect(provinces.total).toBe(3);
    expect(provinces.list).toEqual([
      { key: '广东省', ...m(6, 4, 3, 4, 3, 0.5, 15), ratio: 0.4444, previous: ZERO },
      { key: '上海市', ...m(4, 1, 1, 2, 1, 0.5, 20), ratio: 0.2222, previous: ZERO },
      { key: '北京市', ...m(2, 1, 1, 1, 1, 0, 60), ratio: 0.1111, previous: DAY_0303 },
    ]);
    const countries = await table('/visitors/area', { scope: 'country' });
    expect(countries.total).toBe(2);
    expect(countries.list).toEqual([
      { key: '中国', ...m(12, 6, 5, 7, 5, 0.4286, 23), ratio: 0.7778, previous: DAY_0303 },
      { key: '美国', ...m(2, 2, 2, 2, 1, 1, 3), ratio: 0.2222, previous: ZERO },
    ]);
  });

  it('IPs with their area and last day', async () => {
    const ips = await table('/visitors/ip');
    expect(ips.total).toBe(4);
    expect(ips.list).toEqual([
      {
        key: IP.shenzhen,
        ...m(6, 4, 3, 4, 3, 0.5, 15),
        ratio: 0.4444,
        previous: ZERO,
        area: '中国 广东省 深圳市',
        last_day: '2026-03-10',
      },
      {
        key: IP.shanghai,
        ...m(4, 1, 1, 2, 1, 0.5, 20),
        ratio: 0.2222,
        previous: ZERO,
        area: '中国 上海市',
        last_day: '2026-03-09',
      },
      {
        key: IP.usa,
        ...m(2, 2, 2, 2, 1, 1, 3),
        ratio: 0.2222,
        previous: ZERO,
        area: '美国',
        last_day: '2026-03-10',
      },
      {
        key: IP.beijing,
        ...m(2, 1, 1, 1, 1, 0, 60),
        ratio: 0.1111,
        previous: DAY_0303,
        area: '中国 北京市',
        last_day: '2026-03-10',
      },
    ]);
  });

  it('visited pages, entry pages and domains', async () => {
    const pages = await table('/content/page');
    expect(pages.total).toBe(4);
    expect(pages.list).toEqual([
      { key: '/', ...pm(6, 6, 6, 6, 6, 2, 0.3333, 6), ratio: 0.4286, previous: pm(1, 1, 1, 1, 1, 1, 1, 0) },
      { key: '/docs', ...pm(3, 3, 2, 3, 1, 2, 0.6667, 17), ratio: 0.2143, previous: PZERO },
      { key: '/pricing', ...pm(3, 3, 3, 3, 2, 3, 1, 7), ratio: 0.2143, previous: PZERO },
      { key: '/blog/hello', ...pm(2, 2, 2, 2, 0, 2, 1, 30), ratio: 0.1429, previous: PZERO },
    ]);
    const entries = await table('/content/entry');
    expect(entries.total).toBe(3);
    expect(entries.list).toEqual([
      { key: '/', ...m(11, 6, 6, 6, 6, 0.3333, 26), ratio: 0.6667, previous: DAY_0303 },
      { key: '/pricing', ...m(2, 2, 2, 2, 0, 1, 0), ratio: 0.2222, previous: ZERO },
      { key: '/docs', ...m(1, 1, 1, 1, 0, 1, 10), ratio: 0.1111, previous: ZERO },
    ]);
    const domains = await table('/content/domain');
    expect(domains.list).toEqual([
      // Every visit enters and leaves on the one host: 9 entries, 9 exits, 9 of 14 page views.
      {
        key: 'example.com',
        ...pm(14, 8, 7, 9, 9, 9, 0.6429, 12),
        ratio: 1,
        previous: pm(1, 1, 1, 1, 1, 1, 1, 0),
      },
    ]);
  });

  it("domains: entries and exits by host, and why a host's ip can exceed the summary's", async () => {
    const owner = await newOwner(t);
    const hosts = await newSite(t, owner, { name: 'Hosts', domains: ['hosts.example'] });
    const key = hosts.tracking_key;
    const www = (path: string) => `https://www.hosts.example${path}`;
    const shop = (path: string) => `https://shop.hosts.example${path}`;
    const x = visitor(key, 'xena0001', IP.shenzhen, CHROME_WIN);
    const y = visitor(key, 'yuri0001', IP.beijing, IPHONE);
    const z = visitor(key, 'zoe00001', IP.usa, CHROME_WIN);
    // Zoe's phone changes address within her visit: a second address for the host, none for the visit.
    const zMoved = visitor(key, 'zoe00001', IP.shanghai, CHROME_WIN);
    await writeTraffic(t, [
      x.pv('2026-03-10 10:00:00', www('/'), 'x1'),
      x.pv('2026-03-10 10:01:00', shop('/cart'), 'x2'),
      y.pv('2026-03-10 11:00:00', shop('/'), 'y1'),
      z.pv('2026-03-10 12:00:00', www('/'), 'z1'),
      zMoved.pv('2026-03-10 12:02:00', www('/docs'), 'z2'),
    ]);
    const qs = `site_id=${hosts.id}&range=today`;
    const res = await t.call('GET', `${REPORT_BASE}/content/domain?${qs}`, { token: owner.token });
    expect(res.status).toBe(200);
    const { list, summary } = res.body.data;
    expect(list).toEqual([
      // www: X enters (leaves for shop), Z enters and leaves; 3 page views from 3 addresses.
      { key: 'www.hosts.example', ...pm(3, 2, 3, 2, 2, 1, 0.3333, 0), ratio: 0.6 },
      // shop: Y enters and leaves, X leaves.
      { key: 'shop.hosts.example', ...pm(2, 2, 2, 2, 1, 2, 1, 0), ratio: 0.4 },
    ]);
    // The summary counts the address each visit started from (3); page rows every page view's address.
    expect(summary).toMatchObject({ pv: 5, uv: 3, ip: 3, visits: 3 });
  });

  it('tables page and sort on the server', async () => {
    const page2 = await get('/refer/category', { range: '7d', limit: 2, page: 2 });
    expect(page2).toMatchObject({ total: 4, page: 2, limit: 2, previous_summary: null });
    expect(page2.list.map((r: { key: string }) => r.key)).toEqual(['external', 'social']);
    expect(page2.list[0].previous).toBeUndefined();
    const beyond = await get('/refer/category', { range: '7d', limit: 2, page: 9 });
    expect(beyond).toMatchObject({ list: [], total: 4 });
    const byBounce = await get('/refer/category', { range: '7d', sort: '-bounce_rate' });
    expect(byBounce.list.map((r: { key: string }) => r.key)).toEqual([
      'external',
      'direct',
      'search',
      'social',
    ]);
    const byKey = await get('/content/page', { range: '7d', sort: 'key' });
    expect(byKey.list.map((r: { key: string }) => r.key)).toEqual(['/', '/blog/hello', '/docs', '/pricing']);
    const byTime = await get('/content/page', { range: '7d', sort: '-avg_time' });
    expect(byTime.list.map((r: { key: string }) => r.key)).toEqual(['/blog/hello', '/docs', '/pricing', '/']);
  });

  it('custom ranges and yesterday', async () => {
    const custom = await get('/trend', { range: 'custom', from: '2026-03-09', to: '2026-03-10' });
    expect(custom.totals).toEqual(m(13, 7, 6, 8, 5, 0.5, 21));
    expect(custom.period).toMatchObject({ previous_from: '2026-03-07', previous_to: '2026-03-08' });
    const yesterday = await get('/trend', { range: 'yesterday' });
    expect(yesterday.points).toEqual([{ key: '2026-03-09', current: YESTERDAY }]);
    const month = await get('/refer/category', { range: '30d', compare: 1 });
    expect(month.period).toMatchObject({ from: '2026-02-09', to: '2026-03-10', previous_from: '2026-01-10' });
    expect(month.summary).toEqual(m(15, 9, 8, 10, 7, 0.6, 17));
    expect(month.previous_summary).toEqual(ZERO);
  });

  it('visit log: one row per visit, newest first, filters, and the pages of a visit', async () => {
    const log = await get('/visitor');
    expect(log.total).toBe(4);
    expect(log.period).toMatchObject({ from: '2026-03-10', to: '2026-03-10' });
    expect(log.list.map((v: { visitor: string }) => v.visitor)).toEqual([
      'gina07',
      'carol03',
      'bobby02',
      'alice01',
    ]);
    const bobby = log.list[2];
    expect(bobby).toEqual({
      id: expect.any(Number),
      visitor: 'bobby02',
      is_new: true,
      started_at: '2026-03-10T01:10:00.000Z',
      last_at: '2026-03-10T01:12:30.000Z',
      ip: IP.beijing,
      country: '中国',
      province: '北京市',
      city: '北京市',
      isp: '联通',
      referrer: REF.weibo,
      ref_category: 'social',
      ref_domain: 'weibo.com',
      engine: null,
      keyword: null,
      entry_url: 'https://example.com/',
      exit_url: 'https://example.com/blog/hello',
      pageviews: 2,
      events: 1,
      duration: 60,
      device: 'mobile',
      browser: 'Mobile Safari',
      os: 'iOS',
      screen: '',
      language: '',
    });
    expect(log.list[1]).toMatchObject({ is_new: false, ref_category: 'external', pageviews: 1, duration: 0 });
    expect(log.list[3]).toMatchObject({
      is_new: false,
      ref_category: 'direct',
      entry_url: 'https://example.com/docs',
    });

    const pages = await get('/visitor/pages', { id: bobby.id });
    expect(pages.list).toEqual([
      {
        at: '2026-03-10T01:10:00.000Z',
        type: 'pv',
        url: 'https://example.com/',
        title: 'Title /',
        name: null,
        duration: 0,
      },
      {
        at: '2026-03-10T01:12:00.000Z',
        type: 'pv',
        url: 'https://example.com/blog/hello',
        title: 'Title /blog/hello',
        name: null,
        duration: 60,
      },
      {
        at: '2026-03-10T01:12:30.000Z',
        type: 'ev',
        url: 'https://example.com/blog/hello',
        title: '',
        name: 'signup',
        duration: 0,
      },
    ]);

    const week = await get('/visitor', { range: '7d', sort: '-duration', limit: 3 });
    expect(week.total).toBe(9);
    expect(week.list.map((v: { duration: number }) => v.duration)).toEqual([60, 50, 40]);
    const search = await get('/visitor', { range: '7d', category: 'search', sort: 'started_at' });
    expect(search.list.map((v: { keyword: string; engine: string }) => [v.engine, v.keyword])).toEqual([
      ['Google', 'web analytics'],
      ['Baidu', 'tally'],
      ['Baidu', 'tally'],
    ]);
    expect((await get('/visitor', { range: '7d', visitor_type: 'new' })).total).toBe(6);
    expect((await get('/visitor', { range: '7d', visitor_type: 'returning' })).total).toBe(3);
    expect((await get('/visitor', { range: '7d', ip: IP.usa })).total).toBe(2);
    expect((await get('/visitor', { range: '7d', category: 'ai' })).total).toBe(0);
    const newFromSearch = await get('/visitor', { range: '7d', visitor_type: 'new', category: 'search' });
    expect(newFromSearch.list.map((v: { visitor: string }) => v.visitor)).toEqual(['alice01', 'dave04']);
    expect(newFromSearch.total).toBe(2);
  });

  it('all sites side by side, with totals and one trend', async () => {
    const all = await t.call('GET', `${REPORT_BASE}/all?compare=1`, { token });
    const second = m(1, 1, 1, 1, 1, 1, 0);
    expect(all.body.data).toEqual({
      list: [
        {
          site: {
            id: siteId,
            name: 'Main',
            domain: 'example.com',
            timezone: 'Asia/Shanghai',
            group_id: null,
          },
          current: TODAY,
          previous: YESTERDAY,
        },
        {
          site: {
            id: secondId,
            name: 'Second',
            domain: 'second.example',
            timezone: 'Asia/Shanghai',
            group_id: null,
          },
          current: second,
          previous: ZERO,
        },
      ],
      total: 2,
      page: 1,
      limit: 20,
      totals: m(7, 5, 4, 5, 3, 0.6, 14),
      previous_totals: YESTERDAY,
      trend: [{ key: '2026-03-10', pv: 7, uv: 5, ip: 4 }],
    });
    const week = (await t.call('GET', `${REPORT_BASE}/all?range=7d&sort=name`, { token })).body.data;
    expect(week.list.map((r: { site: { name: string } }) => r.site.name)).toEqual(['Main', 'Second']);
    expect(week.trend).toEqual([
      { key: '2026-03-04', pv: 1, uv: 1, ip: 1 },
      ...['05', '06', '07', '08'].map((d) => ({ key: `2026-03-${d}`, pv: 0, uv: 0, ip: 0 })),
      { key: '2026-03-09', pv: 7, uv: 3, ip: 3 },
      { key: '2026-03-10', pv: 7, uv: 5, ip: 4 },
    ]);
  });

  it('CSV export: the whole table, UTF-8 with a BOM, headings and values in the asked language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${REPORT_BASE}/refer/category?site_id=${siteId}&range=7d&format=csv&limit=1`,
      headers: { 'x-token': token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="referCategory-2026-03-04-2026-03-10.csv"',
    );
    expect(res.body).toBe(
      '\uFEFF名称,浏览量(PV),访客数(UV),IP数,访问次数,新访客数,跳出率,平均访问时长(秒),占比\r\n' +
        '直接访问,5,4,3,4,3,75.00%,4,44.44%\r\n' +
        '搜索引擎,6,2,2,3,2,33.33%,30,33.33%\r\n' +
        '外部链接,1,1,1,1,0,100.00%,0,11.11%\r\n' +
        '社交媒体,2,1,1,1,1,0.00%,60,11.11%\r\n',
    );
    const visits = await t.app.inject({
      method: 'GET',
      url: `${REPORT_BASE}/visitor?site_id=${siteId}&format=csv&lang=en-US`,
      headers: { 'x-token': token },
    });
    const lines = visits.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFTime,Visitor,New visitor,IP address,Area,Referrer,Source type,Search engine,Keyword,Entry page,Exit page,Pages,Duration (s),Device,Browser,OS',
    );
    expect(lines).toHaveLength(6);
    // Times as the page shows them, in the site's zone (Asia/Shanghai), with the offset.
    expect(lines[3]).toBe(
      `2026-03-10 09:10:00+08:00,bobby02,Yes,${IP.beijing},China Beijing,${REF.weibo},Social,,,https://example.com/,https://example.com/blog/hello,2,60,Mobile,Mobile Safari,iOS`,
    );
    const zhVisits = await t.app.inject({
      method: 'GET',
      url: `${REPORT_BASE}/visitor?site_id=${siteId}&format=csv&lang=zh-CN`,
      headers: { 'x-token': token },
    });
    expect(zhVisits.body.split('\r\n')[3]).toContain(
      `bobby02,是,${IP.beijing},中国 北京市,${REF.weibo},社交媒体,`,
    );
    expect(zhVisits.body.split('\r\n')[3]).toContain(',2,60,移动,Mobile Safari,iOS');
  });

  it('CSV export of areas and addresses: place names in English for en-US', async () => {
    const csv = async (path: string, query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${REPORT_BASE}${path}?site_id=${siteId}&range=7d&format=csv&lang=en-US&${query}`,
          headers: { 'x-token': token },
        })
      ).body
        .split('\r\n')
        .slice(1, -1)
        .map((line: string) => line.split(',')[0]);
    expect(await csv('/visitors/area', 'scope=province')).toEqual(['Guangdong', 'Shanghai', 'Beijing']);
    expect(await csv('/visitors/area', 'scope=country')).toEqual(['China', 'United States']);
    const ips = await t.app.inject({
      method: 'GET',
      url: `${REPORT_BASE}/visitors/ip?site_id=${siteId}&range=7d&format=csv&lang=en-US&sort=key`,
      headers: { 'x-token': token },
    });
    expect(ips.body).toContain(`${IP.beijing},China Beijing,`);
    // A city ip2region names in Chinese reads as its pinyin (issue 29).
    expect(ips.body).toContain(`${IP.shenzhen},China Guangdong Shenzhen,`);
    const zhIps = await t.app.inject({
      method: 'GET',
      url: `${REPORT_BASE}/visitors/ip?site_id=${siteId}&range=7d&format=csv&lang=zh-CN&sort=key`,
      headers: { 'x-token': token },
    });
    expect(zhIps.body).toContain(`${IP.shenzhen},中国 广东省 深圳市,`);
    // Search engines: the Chinese name in Chinese, the usual one in English.
    const engines = async (lang: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${REPORT_BASE}/refer/engine?site_id=${siteId}&range=7d&format=csv&lang=${lang}`,
          headers: { 'x-token': token },
        })
      ).body
        .split('\r\n')
        .slice(1, -1)
        .map((line: string) => line.split(',')[0]);
    expect(await engines('zh-CN')).toEqual(['百度', 'Google']);
    expect(await engines('en-US')).toEqual(['Baidu', 'Google']);
    expect(ips.body).toContain(`${IP.usa},United States,`);
  });
});
