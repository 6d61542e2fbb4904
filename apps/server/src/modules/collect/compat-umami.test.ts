import { REPORT_BASE } from '@tally/contracts';
import { Umami } from '@umami/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite, todaysVisitLog } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const UMAMI_ID = '94db1cb1-74f4-4a40-ad6c-962362670409';

describe('Umami protocol (POST /api/send, /api/batch, /script.js)', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let siteId: number;
  let trackingKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await newOwner(t);
    token = owner.token;
    const site = await newSite(t, owner, { domains: ['shop.example.com'], umami_ids: [UMAMI_ID] });
    siteId = site.id;
    trackingKey = site.tracking_key;
  });
  afterAll(() => t.close());

  const visitLog = () => todaysVisitLog(t, token, siteId);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': CHROME_WIN,
        origin: 'https://shop.example.com',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('@umami/node: page view with search referrer, area and device, then a custom event with data', async () => {
    const umami = new Umami();
    umami.init({ websiteId: UMAMI_ID, hostUrl: base, userAgent: IPHONE });
    const common = { hostname: 'shop.example.com', ip: '120.24.78.68', id: 'customer-17', language: 'zh-CN' };
    const res = await umami.track({
      ...common,
      url: '/pricing?utm_source=newsletter',
      referrer: 'https://www.baidu.com/s?wd=%E6%B5%8B%E8%AF%95',
      title: '价格',
      screen: '390x844',
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { cache: string; sessionId: string; visitId: string };
    expect(answer.cache).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(answer.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(answer.visitId).toMatch(/^[0-9a-f-]{36}$/);

    const ev = await umami.track({
      ...common,
      url: '/pricing',
      name: 'signup',
      data: { plan: 'pro', seats: 3, meta: { source: 'hero' } },
    });
    expect(ev.status).toBe(200);
    const evAnswer = (await ev.json()) as { sessionId: string; visitId: string };
    // Same visitor, same visit.
    expect(evAnswer.sessionId).toBe(answer.sessionId);
    expect(evAnswer.visitId).toBe(answer.visitId);

    const log = await visitLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      entry_url: 'https://shop.example.com/pricing?utm_source=newsletter',
      referrer: 'https://www.baidu.com/s?wd=%E6%B5%8B%E8%AF%95',
      ref_category: 'search',
      engine: 'Baidu',
      keyword: '测试',
      country: '中国',
      province: '广东省',
      city: '深圳市',
      device: 'mobile',
      os: 'iOS',
      screen: '390x844',
      language: 'zh-CN',
      pageviews: 1,
      events: 1,
    });
    const pages = await t.call('GET', `${REPORT_BASE}/visitor/pages?site_id=${siteId}&id=${log[0]!.id}`, {
      token,
    });
    expect(pages.body.data.list).toMatchObject([
      { type: 'pv', url: 'https://shop.example.com/pricing?utm_source=newsletter', title: '价格' },
      { type: 'ev', name: 'signup' },
    ]);
    const [event] = await t.db.query<{ props: unknown }>(
      `select props from events where site_id = $1 and type = 'ev' and name = 'signup'`,
      [siteId],
    );
    expect(event!.props).toEqual({ plan: 'pro', seats: 3, 'meta.source': 'hero' });
  });

  it('identify stores properties of the visitor (merged), answered with a cache token', async () => {
    const umami = new Umami();
    umami.init({ websiteId: UMAMI_ID, hostUrl: base, userAgent: IPHONE });
    const first = await umami.identify({ email_domain: 'example.org', tier: 'gold' });
    expect(first.status).toBe(200);
    // @umami/node's identify sends no id: the visitor is the one its address and browser count as.
    const second = await umami.track({ hostname: 'shop.example.com', url: '/after', ip: '127.0.0.1' });
    expect(second.status).toBe(200);
    const rows = await t.db.query<{ props: unknown; distinct_id: string | null }>(
      'select props, distinct_id from visitor_props where site_id = $1',
      [siteId],
    );
    expect(rows).toEqual([{ props: { email_domain: 'example.org', tier: 'gold' }, distinct_id: null }]);
    const again = await post('/api/send', {
      type: 'identify',
      payload: { website: UMAMI_ID, id: 'user-9', data: { tier: 'platinum', beta: true } },
    });
    expect(again.status).toBe(200);
    const merged = await t.db.query<{ props: Record<string, unknown> }>(
      `select props from visitor_props where site_id = $1 and distinct_id = 'user-9'`,
      [siteId],
    );
    expect(merged[0]!.props).toEqual({ tier: 'platinum', beta: true });
  });

  it('the cache token skips the site lookup but is honoured only for its own website', async () => {
    const first = await post('/api/send', {
      type: 'event',
      payload: { website: trackingKey, hostname: 'shop.example.com', url: '/a' },
    });
    const { cache, sessionId } = (await first.json()) as { cache: string; sessionId: string };
    const next = await post(
      '/api/send',
      { type: 'event', payload: { website: trackingKey, hostname: 'shop.example.com', url: '/b' } },
      { 'x-umami-cache': cache },
    );
    expect(((await next.json()) as { sessionId: string }).sessionId).toBe(sessionId);
    // A forged or foreign token is ignored: the unknown website is still refused.
    const forged = await post(
      '/api/send',
      { type: 'event', payload: { website: 'not-a-site', hostname: 'shop.example.com', url: '/b' } },
      { 'x-umami-cache': cache },
    );
    expect(forged.status).toBe(400);
  });

  it('bots get {"beep":"boop"}; unknown websites 400; malformed input 400, never 5xx, always with CORS', async () => {
    const bot = await post(
      '/api/send',
      { type: 'event', payload: { website: UMAMI_ID, hostname: 'shop.example.com', url: '/' } },
      { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    );
    expect(bot.status).toBe(200);
    expect(await bot.json()).toEqual({ beep: 'boop' });

    const cases: unknown[] = [
      { type: 'event', payload: { website: 'no-such-site', url: 'https://shop.example.com/' } },
      '{not json',
      '',
      [],
      { type: 'nonsense', payload: { website: UMAMI_ID } },
      { type: 'event', payload: { website: UMAMI_ID } },
      { type: 'event', payload: { website: UMAMI_ID, url: 'javascript:alert(1)' } },
      { type: 'event', payload: { website: UMAMI_ID, url: 'https://shop.example.com/', title: 'a\u0000b' } },
      {
        type: 'event',
        payload: { website: UMAMI_ID, url: 'https://shop.example.com/', name: 'x', data: 'str' },
      },
      { type: 'event', payload: { website: 123 } },
    ];
    for (const body of cases) {
      const res = await post('/api/send', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const json = (await res.json()) as { error: { message: string } };
      expect(json.error.message).toBeTruthy();
    }
  });

  it('preflight 204 with the allowed headers; every answer carries CORS', async () => {
    for (const path of ['/api/send', '/api/batch']) {
      const res = await fetch(`${base}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://shop.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-umami-cache',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toContain('x-umami-cache');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    }
    const big = await post('/api/send', JSON.stringify({ pad: 'x'.repeat(5 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('/api/batch: good items stored in order, bad ones listed, none poisons the others', async () => {
    const before = (await visitLog()).length;
    const payload = (url: string, extra: Record<string, unknown> = {}) => ({
      type: 'event',
      payload: {
        website: UMAMI_ID,
        hostname: 'shop.example.com',
        url,
        vid: 'batch-visitor-1',
        ip: '120.24.78.68',
        ...extra,
      },
    });
    const res = await post('/api/batch', [
      payload('/one', { referrer: 'https://news.example.net/story' }),
      { type: 'event', payload: { website: 'unknown-site', url: 'https://x.example/' } },
      payload('/two', { title: 'bad\u0000title' }),
      payload('/two', { title: 'Two' }),
      payload('/two', { name: 'clicked', data: { button: 'buy' } }),
      'garbage',
    ]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      size: number;
      processed: number;
      errors: number;
      details: { index: number }[];
    };
    expect(body).toMatchObject({ size: 6, processed: 3, errors: 3 });
    expect(body.details.map((d) => d.index)).toEqual([1, 2, 5]);
    const log = await visitLog();
    expect(log).toHaveLength(before + 1);
    const visit = log.find((v) => v.entry_url === 'https://shop.example.com/one');
    expect(visit).toMatchObject({
      pageviews: 2,
      events: 1,
      ref_domain: 'news.example.net',
      ref_category: 'external',
    });
    const notArray = await post('/api/batch', { type: 'event' });
    expect(notArray.status).toBe(400);
  });

  it('serves /script.js with CORS and caching headers', async () => {
    const res = await fetch(`${base}/script.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const code = await res.text();
    expect(code).toContain('data-');
    expect(code).toContain('x-umami-cache');
  });
});
