import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { publicAddressWarnings } from '../../lib/public-url.js';

/** The snippet's script address and the share link of one site, as its owner's dialog shows them. */
async function addresses(t: TestApp, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  const owner = await newOwner(t);
  const site = await newSite(t, owner);
  const share = await t.call('POST', '/api/v1/api2/sites/share', {
    token: owner.token,
    body: { id: site.id, action: 'enable' },
    ...opts,
  });
  const detail = await t.call('GET', `/api/v1/api2/sites/detail?id=${site.id}`, {
    token: owner.token,
    ...opts,
  });
  const listed = await t.call('GET', '/api/v1/api2/sites/fetch?page=1&limit=10', {
    token: owner.token,
    ...opts,
  });
  const src = (snippet: string) => /src="([^"]+)\/tj\.js"/.exec(snippet)?.[1];
  expect(src(listed.body.data.list[0].snippet)).toBe(src(detail.body.data.snippet));
  return {
    tracker: src(detail.body.data.snippet),
    share: String(share.body.data.url).replace(/\/share\?token=.*$/, ''),
  };
}

async function setWeburl(t: TestApp, weburl: string) {
  const admin = await newOwner(t, ['admin']);
  const res = await t.call('POST', '/api/v1/admin/setting/save', { token: admin.token, body: { weburl } });
  expect(res.status).toBe(200);
}

describe('the public address of snippets and share links, without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PORT: '9123' });
  });
  afterAll(() => t.close());

  it('is the origin the owner reached Tally at, not http://localhost:8080', async () => {
    expect(await addresses(t, { headers: { host: '192.168.1.20:9123' } })).toEqual({
      tracker: 'http://192.168.1.20:9123',
      share: 'http://192.168.1.20:9123',
    });
  });

  it('behind a trusted proxy is its forwarded host and protocol; an untrusted client cannot set them', async () => {
    const forwarded = {
      host: '127.0.0.1:9123',
      'x-forwarded-host': 'stats.example.com',
      'x-forwarded-proto': 'https',
    };
    expect(await addresses(t, { headers: forwarded, ip: '127.0.0.1' })).toEqual({
      tracker: 'https://stats.example.com',
      share: 'https://stats.example.com',
    });
    expect(await addresses(t, { headers: forwarded, ip: '203.0.113.9' })).toEqual({
      tracker: 'http://127.0.0.1:9123',
      share: 'http://127.0.0.1:9123',
    });
  });

  it('is 网站地址 (weburl) once an admin sets it', async () => {
    await setWeburl(t, 'https://tongji.example.cn/');
    expect(await addresses(t, { headers: { host: '192.168.1.20:9123' } })).toEqual({
      tracker: 'https://tongji.example.cn',
      share: 'https://tongji.example.cn',
    });
    await setWeburl(t, '');
  });
});

describe('with PUBLIC_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://tally.example/' });
  });
  afterAll(() => t.close());

  it('is PUBLIC_URL whatever the request, until 网站地址 is set, which wins', async () => {
    expect(await addresses(t, { headers: { host: 'internal:8080' } })).toEqual({
      tracker: 'https://tally.example',
      share: 'https://tally.example',
    });
    await setWeburl(t, 'https://stats.example.org');
    expect(await addresses(t)).toEqual({
      tracker: 'https://stats.example.org',
      share: 'https://stats.example.org',
    });
  });
});

describe('start-up warnings about the configured address', () => {
  it('warns when a loopback address names another port than Tally listens on', () => {
    expect(publicAddressWarnings('http://localhost:8080', '', 3000)).toEqual([
      expect.stringMatching(/^PUBLIC_URL is http:\/\/localhost:8080, but Tally listens on port 3000/),
    ]);
    expect(publicAddressWarnings(undefined, 'http://127.0.0.1', 3000)).toEqual([
      expect.stringMatching(/^网站地址 \(weburl\) is http:\/\/127\.0\.0\.1, but Tally listens on port 3000/),
    ]);
  });

  it('stays quiet for a matching port, a public host (a proxy in front) or nothing set', () => {
    expect(publicAddressWarnings('http://localhost:3000', 'http://localhost:3000/', 3000)).toEqual([]);
    expect(publicAddressWarnings('https://tally.example.com', 'https://a.example', 3000)).toEqual([]);
    expect(publicAddressWarnings(undefined, '', 3000)).toEqual([]);
  });
});
