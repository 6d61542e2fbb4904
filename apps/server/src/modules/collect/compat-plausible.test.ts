import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { candidateDomains } from './site-domains.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

type Row = Record<string, unknown>;

/** Plausible's event API, by default as its browser script posts (text/plain). */
function event(t: TestApp, body: unknown, opts: { ip?: string; ua?: string; type?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/event',
    headers: {
      'content-type': opts.type ?? 'text/plain',
      'user-agent': opts.ua ?? CHROME_WIN,
      'x-forwarded-for': opts.ip ?? '120.24.78.68',
    },
    remoteAddress: '127.0.0.1',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('Plausible event API (POST /api/event)', () => {
  let t: TestApp;
  let a: { id: number };
  let b: { id: number };
  let off: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await newOwner(t);
    a = await newSite(t, owner, { name: 'A', domains: ['plausible-a.example'] });
    b = await newSite(t, owner, { name: 'B', domains: ['www.plausible-b.example'] });
    off = await newSite(t, owner, { name: 'Off', domains: ['plausible-off.example'] });
    await t.services.sites.setEnabled(owner.auth, off.id, false);
  });
  afterAll(() => t.close());

  const events = (siteId: number, where = 'true', params: unknown[] = []) =>
    t.db.query<Row>(`select * from events where site_id = $1 and ${where} order by ts, id`, [
      siteId,
      ...params,
    ]);
  const visitOf = async (visitId: unknown) =>
    (await t.db.query<Row>('select * from visits where id = $1', [visitId]))[0]!;

  it('short keys in text/plain: a page view with its referrer, area and device, answered 202 ok', async () => {
    const res = await event(
      t,
      {
        n: 'pageview',
        u: 'https://plausible-a.example/docs/start?utm_source=news',
        d: 'plausible-a.example',
        r: 'https://www.baidu.com/s?wd=%E7%BB%9F%E8%AE%A1',
      },
      { ip: '61.135.169.121', ua: IPHONE },
    );
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('ok');
    expect(res.headers['x-plausible-dropped']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const [pv] = await events(a.id, "path = '/docs/start'");
    expect(pv).toMatchObject({ type: 'pv', host: 'plausible-a.example' });
    expect(await visitOf(pv!.visit_id)).toMatchObject({
      ref_category: 'search',
      ref_name: 'Baidu',
      keyword: '统计',
      utm_source: 'news',
      province: '北京市',
      device: 'mobile',
      os: 'iOS',
    });
  });

  it('long keys in JSON from a server: a custom event with props and revenue as properties', async () => {
    const res = await event(
      t,
      {
        name: 'Purchase',
        url: 'https://plausible-a.example/checkout',
        domain: 'plausible-a.example',
        referrer: 'https://plausible-a.example/cart',
        props: { plan: 'pro', seats: 3, trial: false, empty: '', list: [1], nested: { x: 1 }, none: null },
        revenue: { amount: '15.99', currency: 'usd' },
        interactive: false,
      },
      { type: 'application/json', ip: '61.135.169.122' },
    );
    expect(res.statusCode).toBe(202);
    const [ev] = await events(a.id, "name = 'Purchase'");
    expect(ev).toMatchObject({ type: 'ev', path: '/checkout' });
    expect(ev!.props).toEqual({
      plan: 'pro',
      seats: 3,
      trial: false,
      revenue_amount: 15.99,
      revenue_currency: 'USD',
    });
  });

  it('props and revenue given as JSON text (the legacy `m` / `meta` keys too)', async () => {
    const res = await event(t, {
      n: 'Legacy',
      u: 'https://plausible-a.example/legacy',
      d: 'plausible-a.example',
      m: JSON.stringify({ source: 'meta' }),
      $: JSON.stringify({ amount: 5, currency: 'EUR' }),
    });
    expect(res.statusCode).toBe(202);
    const [ev] = await events(a.id, "name = 'Legacy'");
    expect(ev!.props).toEqual({
      source: 'meta',
      revenue_amount: 5,
      revenue_currency: 'EUR',
    });
  });

  it('a comma list names several sites; www. and subdomains find their site; an unknown one is dropped', async () => {
    const res = await event(t, {
      n: 'pageview',
      u: 'https://blog.plausible-a.example/multi',
      d: 'blog.plausible-a.example, plausible-b.example,nobody.example',
    });
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-plausible-dropped']).toBe('1');
    expect(await events(a.id, "path = '/multi'")).toHaveLength(1);
    // Site B lists www.plausible-b.example; Plausible's `d` never has the www.
    expect(await events(b.id, "path = '/multi'")).toHaveLength(1);
  });

  it('without `d`, the page host names the site', async () => {
    const res = await event(t, { n: 'pageview', u: 'https://www.plausible-b.example/from-host' });
    expect(res.statusCode).toBe(202);
    expect(await events(b.id, "path = '/from-host'")).toHaveLength(1);
  });

  it('drops with x-plausible-dropped: unknown domain, disabled site, bot', async () => {
    const before = (await t.db.query<Row>('select count(*)::int as n from events'))[0]!.n;
    for (const [body, ua] of [
      [{ n: 'pageview', u: 'https://nobody.example/', d: 'nobody.example' }, CHROME_WIN],
      [{ n: 'pageview', u: 'https://plausible-off.example/', d: 'plausible-off.example' }, CHROME_WIN],
      [{ n: 'pageview', u: 'https://plausible-a.example/bot', d: 'plausible-a.example' }, GOOGLEBOT],
    ] as const) {
      const res = await event(t, body, { ua });
      expect(res.statusCode).toBe(202);
      expect(res.headers['x-plausible-dropped']).toBe('1');
    }
    expect((await t.db.query<Row>('select count(*)::int as n from events'))[0]!.n).toBe(before);
  });

  it('hash mode (h: 1) keeps the fragment in the path; without it only #/ routes count', async () => {
    await event(t, {
      n: 'pageview',
      u: 'https://plausible-a.example/app#pricing',
      d: 'plausible-a.example',
      h: 1,
    });
    await event(t, {
      n: 'pageview',
      u: 'https://plausible-a.example/plain#pricing',
      d: 'plausible-a.example',
    });
    expect(await events(a.id, "path = '/app#pricing'")).toHaveLength(1);
    expect(await events(a.id, "path = '/plain'")).toHaveLength(1);
  });

  it('engagement events become engaged time on their page view; scroll depth alone stores nothing', async () => {
    const ip = '61.135.169.140';
    const u = 'https://plausible-a.example/read';
    await event(t, { n: 'pageview', u, d: 'plausible-a.example' }, { ip });
    const res = await event(t, { n: 'engagement', u, d: 'plausible-a.example', sd: 80, e: '4200' }, { ip });
    expect(res.statusCode).toBe(202);
    const scrollOnly = await event(t, { n: 'engagement', u, d: 'plausible-a.example', sd: 90 }, { ip });
    expect(scrollOnly.statusCode).toBe(202);
    expect(scrollOnly.headers['x-plausible-dropped']).toBeUndefined();
    const rows = await events(a.id, 'url = $2', [u]);
    expect(rows.map((r) => r.type)).toEqual(['pv', 'ping']);
    expect(rows[1]).toMatchObject({ page_id: rows[0]!.page_id });
    expect(Number(rows[1]!.duration_ms)).toBe(4200);
    expect(Number((await visitOf(rows[0]!.visit_id)).duration_ms)).toBe(4200);
  });

  it('an engagement from a visitor never seen is dropped (no visit to add time to)', async () => {
    const res = await event(
      t,
      { n: 'engagement', u: 'https://plausible-a.example/orphan', d: 'plausible-a.example', e: 1000 },
      { ip: '61.135.169.199' },
    );
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-plausible-dropped']).toBe('1');
  });

  it('bad input gets 400 with Plausible-style errors, never a 5xx', async () => {
    const cases: [unknown, string][] = [
      ['', 'request'],
      ['{not json', 'request'],
      ['[1,2]', 'request'],
      ['"text"', 'request'],
      [{ u: 'https://plausible-a.example/', d: 'plausible-a.example' }, 'event_name'],
      [{ n: 'x'.repeat(121), u: 'https://plausible-a.example/', d: 'plausible-a.example' }, 'event_name'],
      [{ n: { a: 1 }, u: 'https://plausible-a.example/', d: 'plausible-a.example' }, 'event_name'],
      [{ n: 'pageview', d: 'plausible-a.example' }, 'url'],
      [{ n: 'pageview', u: 42, d: 'plausible-a.example' }, 'url'],
      [{ n: 'pageview', u: 'data:text/html,hi', d: 'plausible-a.example' }, 'url'],
      [{ n: 'pageview', u: `https://plausible-a.example/${'a'.repeat(2001)}` }, 'url'],
      [{ n: 'pageview', u: 'https://plausible-a.example/', d: '  ' }, 'domain'],
      [{ n: 'pageview', u: 'https://plausible-a.example/', d: 7 }, 'domain'],
      [
        { n: 'engagement', u: 'https://plausible-a.example/', d: 'plausible-a.example', sd: 'x' },
        'event_name',
      ],
      // Tally's own schema refuses control characters and lone surrogates: the 422 becomes Plausible's 400.
      [{ n: 'bad\u0001name', u: 'https://plausible-a.example/', d: 'plausible-a.example' }, 'n'],
      [{ n: 'ev', u: 'https://plausible-a.example/', d: 'plausible-a.example', p: { k: 'v\u0000' } }, 'd.k'],
      [{ n: 'ev', u: 'https://plausible-a.example/', d: 'plausible-a.example', p: { k: '\ud800' } }, 'd.k'],
    ];
    for (const [body, field] of cases) {
      const res = await event(t, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await event(t, '{bad', { type: 'application/json' })).statusCode).toBe(400);
    const untyped = await t.app.inject({ method: 'POST', url: '/api/event', payload: 'x' });
    expect(untyped.statusCode).toBe(400);
    const big = await event(t, { n: 'x', u: 'https://plausible-a.example/', p: { k: 'v'.repeat(70_000) } });
    expect(big.statusCode).toBe(413);
  });

  it('texts longer than Tally keeps are cut, not refused (Plausible would accept them)', async () => {
    const res = await event(t, {
      n: `Long ${'n'.repeat(110)}`,
      u: 'https://plausible-a.example/long',
      d: 'plausible-a.example',
      p: { [`k${'k'.repeat(99)}`]: `😀${'v'.repeat(497)}😀` },
    });
    expect(res.statusCode).toBe(202);
    const [ev] = await events(a.id, "path = '/long'");
    expect(String(ev!.name)).toHaveLength(100);
    const [[key, value]] = Object.entries(ev!.props as Row) as [[string, string]];
    expect(key).toHaveLength(64);
    // Cut at 500 UTF-16 units would split the last emoji: its half is left out instead.
    expect(value).toHaveLength(499);
  });

  it('a refused hit never poisons the others sent at the same time', async () => {
    const good = Array.from({ length: 20 }, (_, i) =>
      event(
        t,
        {
          n: 'Batch',
          u: `https://plausible-a.example/batch/${i}`,
          d: 'plausible-a.example,plausible-b.example',
        },
        { ip: `61.135.170.${i + 1}` },
      ),
    );
    const bad = Array.from({ length: 5 }, (_, i) =>
      event(t, {
        n: 'Batch',
        u: 'https://plausible-a.example/poison',
        d: 'plausible-a.example',
        p: { k: `\ud800${i}` },
      }),
    );
    const answers = await Promise.all([...good, ...bad]);
    expect(answers.slice(0, 20).map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    expect(answers.slice(20).map((r) => r.statusCode)).toEqual(Array(5).fill(400));
    expect(await events(a.id, "name = 'Batch'")).toHaveLength(20);
    expect(await events(b.id, "name = 'Batch'")).toHaveLength(20);
  });

  it('answers the CORS preflight a server-side JSON client may cause', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/event',
      headers: { origin: 'https://plausible-a.example', 'access-control-request-headers': 'content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toContain('content-type');
  });

  it('serves the compatible script under /js/script.js and every known combination of extensions', async () => {
    for (const name of [
      'script.js',
      'script.outbound-links.js',
      'script.file-downloads.js',
      'script.hash.js',
      'script.tagged-events.js',
      'script.hash.outbound-links.js',
      'script.file-downloads.hash.outbound-links.pageview-props.revenue.tagged-events.js',
      'plausible.js',
      'plausible.compat.local.manual.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/js/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.body).toContain('/api/event');
    }
    for (const name of [
      'script.nope.js',
      'script.hash.hash.js',
      'other.js',
      'script.hash.css',
      'script..js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/js/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });
});

describe('candidateDomains', () => {
  it('lists the domain, its parents down to two labels, each with www.', () => {
    expect(candidateDomains('blog.example.com')).toEqual([
      'blog.example.com',
      'www.blog.example.com',
      'example.com',
      'www.example.com',
    ]);
    expect(candidateDomains('localhost')).toEqual(['localhost', 'www.localhost']);
  });
});
