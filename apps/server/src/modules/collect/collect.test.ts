import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, hit, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { count } from '../../../test/factories.js';
import { CollectService } from './collect.service.js';
import { IngestRepository } from './ingest.repository.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('collect endpoint', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await newOwner(t);
    const site = await newSite(t, owner, { domains: ['example.com'] });
    key = site.tracking_key;
  });
  afterAll(() => t.close());

  const visitRow = async (visitor: string) =>
    (
      await t.db.query<Record<string, unknown>>(
        'select * from visits where visitor = $1 order by started_at',
        [visitor],
      )
    )[0];

  it('stores a page view with referrer, search keyword, area, browser, OS and device', async () => {
    const res = await hit(t, {
      s: key,
      t: 'pv',
      u: 'https://example.com/landing?utm_source=news&utm_campaign=spring',
      r: 'https://www.baidu.com/s?wd=测试',
      ti: 'Landing',
      w: 1920,
      h: 1080,
      l: 'zh-CN',
      v: 'visitor0001',
      p: 'pv1',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const v = await visitRow('visitor0001');
    expect(v).toMatchObject({
      ref_category: 'search',
      ref_domain: 'baidu.com',
      ref_name: 'Baidu',
      keyword: '测试',
      utm_source: 'news',
      utm_campaign: 'spring',
      country: '中国',
      province: '广东省',
      city: '深圳市',
      isp: '阿里云',
      ip: '120.24.78.68',
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      screen: '1920x1080',
      language: 'zh-CN',
      entry_path: '/landing',
      pageviews: 1,
      is_new: true,
    });
    const [e] = await t.db.query<Record<string, unknown>>('select * from events where visitor = $1', [
      'visitor0001',
    ]);
    expect(e).toMatchObject({
      type: 'pv',
      path: '/landing',
      host: 'example.com',
      title: 'Landing',
      page_id: 'pv1',
    });
  });

  it('continues the visit, counts custom events, and adds engagement time from pings', async () => {
    const base = { s: key, v: 'visitor0002', u: 'https://example.com/' };
    expect((await hit(t, { ...base, t: 'pv', p: 'a' }, { ua: IPHONE })).statusCode).toBe(204);
    expect(
      (await hit(t, { ...base, t: 'pv', p: 'b', u: 'https://example.com/#/about' }, { ua: IPHONE }))
        .statusCode,
    ).toBe(204);
    expect(
      (await hit(t, { ...base, t: 'ev', n: 'signup', d: { plan: 'pro', n: 2 } }, { ua: IPHONE })).statusCode,
    ).toBe(204);
    expect((await hit(t, { ...base, t: 'ping', p: 'b', e: 4200 }, { ua: IPHONE })).statusCode).toBe(204);
    const v = await visitRow('visitor0002');
    expect(v).toMatchObject({ pageviews: 2, events: 1, exit_path: '/#/about', device: 'mobile', os: 'iOS' });
    expect(Number(v?.duration_ms)).toBe(4200);
    const [ev] = await t.db.query<{ props: unknown }>(
      "select props from events where visitor = $1 and type = 'ev'",
      ['visitor0002'],
    );
    expect(ev?.props).toEqual({ plan: 'pro', n: 2 });
  });

  it('an event that overtakes its page view opens the visit with the page referrer', async () => {
    const base = {
      s: key,
      v: 'overtaken01',
      u: 'https://example.com/x',
      r: 'https://www.baidu.com/s?wd=abc',
    };
    expect((await hit(t, { ...base, t: 'ev', n: 'early' })).statusCode).toBe(204);
    expect((await hit(t, { ...base, t: 'pv' })).statusCode).toBe(204);
    expect(await visitRow('overtaken01')).toMatchObject({
      ref_name: 'Baidu',
      keyword: 'abc',
      pageviews: 1,
      events: 1,
    });
  });

  it('a page served on a host missing from the domain list is not its own referrer', async () => {
    const base = { s: key, t: 'pv', u: 'http://203.0.113.7:8080/pricing' };
    expect((await hit(t, { ...base, v: 'mirrorhost1', r: 'http://203.0.113.7:8080/' })).statusCode).toBe(204);
    expect(await visitRow('mirrorhost1')).toMatchObject({ ref_category: 'direct', ref_domain: null });
    expect((await hit(t, { ...base, v: 'mirrorhost2', r: 'https://other.example.net/a' })).statusCode).toBe(
      204,
    );
    expect(await visitRow('mirrorhost2')).toMatchObject({
      ref_category: 'external',
      ref_domain: 'other.example.net',
    });
  });

  it('with several commit lanes each visitor keeps one visit and every hit is stored', async () => {
    const lanes = new CollectService(
      new IngestRepository(t.db),
      t.services.sites,
      { maxBatch: 7, maxWaitMs: 1 },
      3,
    );
    const visitors = Array.from({ length: 12 }, (_, i) => `lane${String(i).padStart(6, '0')}`);
    const ctx = { ip: '61.135.169.121', userAgent: CHROME_WIN, headers: {} };
    const sends = visitors.flatMap((v) =>
      Array.from({ length: 5 }, (_, n) =>
        lanes.collect(JSON.stringify({ s: key, t: 'pv', v, u: `https://example.com/${n}` }), ctx),
      ),
    );
    expect((await Promise.all(sends)).every((o) => o.stored)).toBe(true);
    await lanes.close();
    const rows = await t.db.query<{ visitor: string; visits: number; pageviews: number; events: number }>(
      `select v.visitor, count(*)::int as visits, sum(v.pageviews)::int as pageviews,
              (select count(*)::int from events e where e.visitor = v.visitor) as events
         from visits v where v.visitor like 'lane%' group by v.visitor`,
    );
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.visits === 1 && r.pageviews === 5 && r.events === 5)).toBe(true);
  });

  it('a ping from a visitor with no visit is dropped with a header', async () => {
    const res = await hit(t, { s: key, t: 'ping', v: 'nobody00001', u: 'https://example.com/', e: 10 });
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-tally-dropped']).toBe('orphan');
  });

  it('opens a new visit after 30 idle minutes and after local midnight', async () => {
    const ctx = (iso: string) => ({ ip: '1.2.3.4', userAgent: CHROME_WIN, headers: {}, now: new Date(iso) });
    const pv = (p: string) =>
      JSON.stringify({ s: key, t: 'pv', v: 'timetravel1', u: `https://example.com/${p}` });
    // Asia/Shanghai is UTC+8: local midnight is 16:00 UTC.
    await t.services.collect.collect(pv('a'), ctx('2026-03-01T10:00:00Z'));
    await t.services.collect.collect(pv('b'), ctx('2026-03-01T10:29:00Z'));
    await t.services.collect.collect(pv('c'), ctx('2026-03-01T11:00:00Z'));
    await t.services.collect.collect(pv('d'), ctx('2026-03-01T15:59:00Z'));
    await t.services.collect.collect(pv('e'), ctx('2026-03-01T16:01:00Z'));
    const visits = await t.db.query<{
      pageviews: number;
      entry_path: string;
      local_day: string;
      is_new: boolean;
    }>(
      `select pageviews, entry_path, to_char(local_day, 'YYYY-MM-DD') as local_day, is_new
         from visits where visitor = 'timetravel1' order by started_at`,
    );
    expect(visits).toEqual([
      { pageviews: 2, entry_path: '/a', local_day: '2026-03-01', is_new: true },
      { pageviews: 1, entry_path: '/c', local_day: '2026-03-01', is_new: false },
      { pageviews: 1, entry_path: '/d', local_day: '2026-03-01', is_new: false },
      { pageviews: 1, entry_path: '/e', local_day: '2026-03-02', is_new: false },
    ]);
  });

  describe('bad input: the right status and nothing stored', () => {
    const cases: [
      string,
      () => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
      number,
      string?,
    ][] = [
      ['malformed JSON', () => hit(t, '{"s": "x", t: pv'), 400],
      ['empty body', () => hit(t, ''), 400],
      ['a JSON array', () => hit(t, '[]'), 422],
      ['JSON null', () => hit(t, 'null'), 422],
      ['deeply nested arrays', () => hit(t, `${'['.repeat(4000)}${']'.repeat(4000)}`), 422],
      [
        'bad JSON sent as application/json',
        () => hit(t, '{bad', { headers: { 'content-type': 'application/json' } }),
        400,
      ],
      [
        'huge body',
        () => hit(t, { s: 'k', t: 'pv', u: 'https://example.com/', ti: 'x'.repeat(20_000) }),
        413,
      ],
      ['unknown site', () => hit(t, { s: 'no-such-key', t: 'pv', u: 'https://example.com/' }), 400],
      ['a javascript: page URL', () => hit(t, { s: key, t: 'pv', u: 'javascript:alert(1)' }), 422],
      ['an unknown hit type', () => hit(t, { s: key, t: 'boom', u: 'https://example.com/' }), 422],
      ['an event without a name', () => hit(t, { s: key, t: 'ev', u: 'https://example.com/' }), 422],
      ['a negative ping', () => hit(t, { s: key, t: 'ping', u: 'https://example.com/', e: -5 }), 422],
      [
        'a bad visitor id',
        () => hit(t, { s: key, t: 'pv', v: "x'; drop table events; --", u: 'https://example.com/' }),
        422,
      ],
      [
        'too many properties',
        () =>
          hit(t, {
            s: key,
            t: 'ev',
            n: 'x',
            u: 'https://example.com/',
            d: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])),
          }),
        422,
      ],
      [
        'a bot user agent',
        () =>
          hit(
            t,
            { s: key, t: 'pv', u: 'https://example.com/' },
            { ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
          ),
        202,
        'bot',
      ],
      ['no user agent', () => hit(t, { s: key, t: 'pv', u: 'https://example.com/' }, { ua: '' }), 202, 'bot'],
      [
        'a prefetch',
        () =>
          hit(t, { s: key, t: 'pv', u: 'https://example.com/' }, { headers: { 'sec-purpose': 'prefetch' } }),
        202,
        'prefetch',
      ],
    ];
    it.each(cases)('%s', async (_name, send, status, dropped) => {
      const before = [await count(t, 'events'), await count(t, 'visits')];
      const res = await send();
      expect(res.statusCode).toBe(status);
      if (dropped) expect(res.headers['x-tally-dropped']).toBe(dropped);
      expect([await count(t, 'events'), await count(t, 'visits')]).toEqual(before);
    });

    it('a disabled site', async () => {
      const owner = await newOwner(t);
      const site = await newSite(t, owner, { enabled: false });
      const before = await count(t, 'events');
      expect((await hit(t, { s: site.tracking_key, t: 'pv', u: 'https://example.com/' })).statusCode).toBe(
        400,
      );
      await t.services.sites.setEnabled(owner.auth, site.id, true);
      expect((await hit(t, { s: site.tracking_key, t: 'pv', u: 'https://example.com/' })).statusCode).toBe(
        204,
      );
      expect(await count(t, 'events')).toBe(before + 1);
    });

    it('ignored IPs and Do-Not-Track are dropped when the site asks', async () => {
      const owner = await newOwner(t);
      const site = await newSite(t, owner, { ignored_ips: ['203.0.113.0/24'], respect_dnt: true });
      const before = await count(t, 'events');
      const body = { s: site.tracking_key, t: 'pv', u: 'https://example.com/' };
      const ignored = await hit(t, body, { ip: '203.0.113.9' });
      expect([ignored.statusCode, ignored.headers['x-tally-dropped']]).toEqual([202, 'ip']);
      const dnt = await hit(t, body, { headers: { dnt: '1' } });
      expect([dnt.statusCode, dnt.headers['x-tally-dropped']]).toEqual([202, 'dnt']);
      expect(await count(t, 'events')).toBe(before);
      // The same DNT header on a site that does not ask is counted.
      expect((await hit(t, { ...body, s: key }, { headers: { dnt: '1' } })).statusCode).toBe(204);
    });
  });

  it('cookieless sites hash IP + UA + site and ignore the browser id; masked IPs keep the area', async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner, { cookieless: true, mask_ip: true });
    const body = { s: site.tracking_key, t: 'pv', u: 'https://example.com/', v: 'ignoredid01' };
    await hit(t, body);
    await hit(t, { ...body, v: 'otherid0001' });
    await hit(t, body, { ip: '61.135.169.121' });
    const rows = await t.db.query<{ visitor: string; ip: string; city: string; pageviews: number }>(
      'select visitor, ip, city, pageviews from visits where site_id = $1 order by id',
      [site.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ip: '120.24.78.0', city: '深圳市', pageviews: 2 });
    expect(rows[1]).toMatchObject({ ip: '61.135.169.0', city: '北京市' });
    expect(rows[0]!.visitor).toMatch(/^h[0-9a-f]{31}$/);
    expect(rows[0]!.visitor).not.toBe(rows[1]!.visitor);
  });

  it('answers CORS preflights and serves the tracker script', async () => {
    const pre = await t.app.inject({ method: 'OPTIONS', url: '/api/collect' });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    const js = await t.app.inject({ method: 'GET', url: '/tj.js', headers: { host: 'tj.example.net' } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(js.body).toContain('/api/collect');
    const again = await t.app.inject({
      method: 'GET',
      url: '/tj.js',
      headers: { 'if-none-match': String(js.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
