import MatomoTracker from 'matomo-tracker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite, todaysVisitLog } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** The site's token: an API key with the `sites` scope of its owner. */
async function siteToken(t: TestApp, userId: number, scopes: ('sites' | 'reports:read')[] = ['sites']) {
  const created = await t.services.apiKeys.create(
    { userId, roles: ['user'] },
    { name: 'matomo', scopes, expires_at: null, allowed_ips: [] },
    { userId, ip: '127.0.0.1' },
  );
  return created.key;
}

describe('Matomo protocol (/matomo.php, /piwik.php, /matomo.js)', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let siteId: number;
  let trackingKey: string;
  let tokenAuth: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await newOwner(t);
    token = owner.token;
    const site = await newSite(t, owner, { domains: ['blog.example.org'], matomo_id: '3' });
    siteId = site.id;
    trackingKey = site.tracking_key;
    tokenAuth = await siteToken(t, owner.id);
  });
  afterAll(() => t.close());

  const visitLog = () => todaysVisitLog(t, token, siteId);
  /** matomo-tracker's `track` fires and forgets: wait until the events are stored. */
  const eventsOf = async (visitor: string, n: number) => {
    for (let i = 0; i < 100; i++) {
      const rows = await t.db.query<Record<string, unknown>>(
        'select type, name, props, path, title from events where site_id = $1 and visitor = $2 order by id',
        [siteId, visitor],
      );
      if (rows.length >= n) return rows;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`fewer than ${n} events for ${visitor}`);
  };

  it('matomo-tracker: page view (search referrer, campaign, token-honoured cip/ua), event, site search, outlink, download', async () => {
    const matomo = new MatomoTracker(3, `${base}/matomo.php`);
    const errors: unknown[] = [];
    matomo.on('error', (e: unknown) => errors.push(e));
    const visitor = 'a1b2c3d4e5f60718';
    const common = {
      _id: visitor,
      token_auth: tokenAuth,
      cip: '120.24.78.68',
      ua: ANDROID,
      lang: 'zh-CN,zh;q=0.9',
    };
    matomo.track({
      ...common,
      url: 'https://blog.example.org/posts/1?mtm_campaign=spring&mtm_source=weibo',
      action_name: '第一篇',
      urlref: 'https://www.baidu.com/s?wd=%E6%B5%8B%E8%AF%95',
      res: '412x915',
    });
    await eventsOf(visitor, 1);
    matomo.track({
      ...common,
      url: 'https://blog.example.org/posts/1',
      e_c: 'Video',
      e_a: 'Play',
      e_n: 'Intro',
      e_v: '12.5',
    });
    await eventsOf(visitor, 2);
    matomo.track({
      ...common,
      url: 'https://blog.example.org/search?q=rust',
      search: 'rust',
      search_cat: 'posts',
      search_count: 4,
    });
    await eventsOf(visitor, 3);
    matomo.track({ ...common, url: 'https://blog.example.org/posts/1', link: 'https://github.com/x' });
    await eventsOf(visitor, 4);
    matomo.track({
      ...common,
      url: 'https://blog.example.org/posts/1',
      download: 'https://blog.example.org/a.pdf',
    });
    const events = await eventsOf(visitor, 5);
    expect(errors).toEqual([]);
    expect(events).toMatchObject([
      { type: 'pv', path: '/posts/1', title: '第一篇' },
      { type: 'ev', name: 'Video', props: { category: 'Video', action: 'Play', name: 'Intro', value: 12.5 } },
      { type: 'ev', name: 'site_search', props: { keyword: 'rust', category: 'posts', count: 4 } },
      { type: 'ev', name: 'outbound', props: { url: 'https://github.com/x' } },
      { type: 'ev', name: 'download', props: { url: 'https://blog.example.org/a.pdf' } },
    ]);
    const visit = (await visitLog()).find((v) => v.visitor === visitor);
    expect(visit).toMatchObject({
      entry_url: 'https://blog.example.org/posts/1?mtm_campaign=spring&mtm_source=weibo',
      ref_category: 'search',
      engine: 'Baidu',
      keyword: '测试',
      country: '中国',
      province: '广东省',
      city: '深圳市',
      ip: '120.24.78.68',
      device: 'mobile',
      os: 'Android',
      screen: '412x915',
      language: 'zh-CN',
      pageviews: 1,
      events: 4,
    });
    const [utm] = await t.db.query<Record<string, unknown>>(
      'select utm_campaign, utm_source from visits where site_id = $1 and visitor = $2',
      [siteId, visitor],
    );
    expect(utm).toEqual({ utm_campaign: 'spring', utm_source: 'weibo' });
  });

  it('cip, ua and cdt are ignored without the site token (or with a key lacking the sites scope)', async () => {
    const readOnly = await siteToken(t, (await newOwner(t)).id, ['reports:read']);
    for (const [visitor, auth] of [
      ['0000000000000001', undefined],
      ['0000000000000002', readOnly],
      ['0000000000000003', 'tly_forged'],
    ] as const) {
      const q = new URLSearchParams({
        idsite: '3',
        rec: '1',
        _id: visitor,
        url: 'https://blog.example.org/',
        cip: '120.24.78.68',
        ua: ANDROID,
        cdt: '2020-01-01 10:00:00',
        send_image: '0',
      });
      if (auth) q.set('token_auth', auth);
      const res = await fetch(`${base}/piwik.php?${q}`, { headers: { 'user-agent': CHROME_WIN } });
      expect(res.status).toBe(204);
      const [row] = await t.db.query<{ ip: string; os: string; started_at: Date }>(
        'select ip, os, started_at from visits where site_id = $1 and visitor = $2',
        [siteId, visitor],
      );
      expect(row).toMatchObject({ ip: '127.0.0.1', os: 'Windows' });
      expect(row!.started_at.getFullYear()).toBeGreaterThan(2020);
    }
  });

  it('form POST and the tracking key as idsite; a 1×1 GIF answer; cdt honoured with the token', async () => {
    const res = await fetch(`${base}/matomo.php`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'user-agent': CHROME_WIN,
      },
      body: new URLSearchParams({
        idsite: trackingKey,
        rec: '1',
        _id: '00000000000000ff',
        url: 'https://blog.example.org/form',
        token_auth: tokenAuth,
        cdt: String(Math.floor(Date.now() / 1000) - 3600),
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe('GIF89a');
    const [row] = await t.db.query<{ started_at: Date }>(
      `select started_at from visits where site_id = $1 and visitor = '00000000000000ff'`,
      [siteId],
    );
    expect(Date.now() - row!.started_at.getTime()).toBeGreaterThan(3500_000);
  });

  it('bulk: {"requests": [...]} answers tracked/invalid; bad requests do not poison the others', async () => {
    const matomo = new MatomoTracker(3, `${base}/matomo.php`);
    const answer = await new Promise<string>((resolve) =>
      matomo.trackBulk(
        [
          // matomo-tracker sends no User-Agent (a bot by Tally's rules): a server-side client passes the
          // browser's with the site token.
          {
            _id: '1111111111111111',
            url: 'https://blog.example.org/bulk-1',
            action_name: 'B1',
            cip: '120.24.78.68',
            ua: CHROME_WIN,
            token_auth: tokenAuth,
          },
          { _id: '1111111111111111', url: 'https://blog.example.org/bulk-2', action_name: 'bad\u0000title' },
          { _id: '1111111111111111', url: 'not a url' },
          {
            _id: '1111111111111111',
            url: 'https://blog.example.org/bulk-3',
            e_c: 'Form',
            e_a: 'Submit',
            ua: CHROME_WIN,
            token_auth: tokenAuth,
          },
        ],
        resolve,
      ),
    );
    expect(JSON.parse(answer)).toEqual({
      status: 'success',
      tracked: 2,
      invalid: 2,
      invalid_indices: [1, 2],
    });
    const events = await eventsOf('1111111111111111', 2);
    expect(events).toMatchObject([
      { type: 'pv', path: '/bulk-1' },
      { type: 'ev', name: 'Form' },
    ]);
    const unknownSite = await fetch(`${base}/matomo.php`, {
      method: 'POST',
      body: JSON.stringify({ requests: ['?idsite=999&rec=1&url=https%3A%2F%2Fx.example%2F', 42] }),
    });
    expect(await unknownSite.json()).toEqual({
      status: 'success',
      tracked: 0,
      invalid: 2,
      invalid_indices: [0, 1],
    });
    for (const body of ['{broken', JSON.stringify({ requests: 'nope' })]) {
      const res = await fetch(`${base}/matomo.php`, { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.json()).toMatchObject({ status: 'error' });
    }
  });

  it('bad single requests get 400 (never 5xx) with CORS; bots and rec-less requests a GIF; preflight 204', async () => {
    for (const qs of [
      'idsite=999&rec=1&url=https%3A%2F%2Fblog.example.org%2F',
      'rec=1&url=https%3A%2F%2Fblog.example.org%2F',
      'idsite=3&rec=1&url=ftp%3A%2F%2Fx',
      'idsite=3&rec=1&url=https%3A%2F%2Fblog.example.org%2F&action_name=%00',
      `idsite=${'9'.repeat(5000)}&rec=1&url=https%3A%2F%2Fblog.example.org%2F`,
    ]) {
      const res = await fetch(`${base}/matomo.php?${qs}`, { headers: { 'user-agent': CHROME_WIN } });
      expect(res.status, qs).toBe(400);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const bot = await fetch(`${base}/matomo.php?idsite=3&rec=1&url=https%3A%2F%2Fblog.example.org%2Fbot`, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' },
    });
    expect(bot.status).toBe(200);
    const noRec = await fetch(`${base}/matomo.php?idsite=3&url=https%3A%2F%2Fblog.example.org%2Fnorec`);
    expect(noRec.status).toBe(200);
    const stored = await t.db.query(
      `select 1 from events where site_id = $1 and path in ('/bot', '/norec')`,
      [siteId],
    );
    expect(stored).toEqual([]);
    const bare = await fetch(`${base}/matomo.php`);
    expect(bare.status).toBe(200);
    const pre = await fetch(`${base}/piwik.php`, {
      method: 'OPTIONS',
      headers: { origin: 'https://blog.example.org', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves /matomo.js and /piwik.js: the _paq tracker, cached an hour, by ETag, gzipped, for any origin', async () => {
    for (const path of ['/matomo.js', '/piwik.js']) {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const code = await res.text();
      expect(code).toContain('_paq');
      expect(code).toContain('send_image');
      const again = await fetch(`${base}${path}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
  });
});
