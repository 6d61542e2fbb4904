import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { CHROMIUM, DESKTOP_CHROME, listen, waitFor } from '../../../test/chromium.js';

function testPage(appOrigin: string, key: string, outbound: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>测试页面</title>
<script>window.tj = window.tj || function () { (window.tj.q = window.tj.q || []).push(arguments); };
tj('queued', { early: true });</script>
<script defer src="${appOrigin}/tj.js" data-site="${key}"></script></head>
<body><button id="spa" onclick="history.pushState({}, '', '/spa/next'); document.title = 'SPA 下一页'">next</button>
<a id="hash" href="#/hash-route">hash</a>
<a id="out" href="${outbound}">outbound</a></body></html>`;
}

describe('tracker in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let pages: Server;
  let pagePort: number;
  let appOrigin: string;
  let key: string;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appOrigin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const owner = await newOwner(t);
    const site = await newSite(t, owner, { domains: ['localhost'] });
    key = site.tracking_key;
    siteId = site.id;
    pages = createServer((req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        req.url?.startsWith('/outbound')
          ? '<title>elsewhere</title>'
          : testPage(appOrigin, key, outboundUrl()),
      );
    });
    pagePort = await listen(pages);
    browser = await chromium.launch({ ...CHROMIUM, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
    pages?.close();
    await t.close();
  });

  // Another port is another host for the tracker's outbound rule (`link.host !== location.host`).
  const outboundUrl = () => `http://127.0.0.1:${pagePort}/outbound`;

  const events = () =>
    t.db.query<{
      type: string;
      path: string;
      title: string;
      name: string | null;
      props: Record<string, unknown> | null;
      duration_ms: number;
    }>('select type, path, title, name, props, duration_ms from events where site_id = $1 order by id', [
      siteId,
    ]);

  it('records page views, SPA navigations, a custom event, an outbound click and engagement; the visit is enriched', async () => {
    const context = await browser.newContext({
      userAgent: DESKTOP_CHROME,
      extraHTTPHeaders: { 'x-forwarded-for': '120.24.78.68' },
    });
    const page = await context.newPage();
    await page.goto(`http://localhost:${pagePort}/landing?utm_source=test`, {
      referer: 'https://www.baidu.com/s?wd=测试',
    });
    await waitFor(events, (e) => e.some((x) => x.type === 'pv'));
    // Each navigation's beacon lands before the next click, so the stored order is the browsing order.
    const pageViews = async (n: number) =>
      waitFor(events, (e) => e.filter((x) => x.type === 'pv').length >= n);
    await page.click('#spa');
    await pageViews(2);
    await page.click('#hash');
    await pageViews(3);
    await page.evaluate(() =>
      (globalThis as unknown as { tj: (n: string, p: object) => void }).tj('signup', { plan: 'pro' }),
    );
    await waitFor(
      events,
      (e) => e.filter((x) => x.type === 'pv').length >= 3 && e.some((x) => x.name === 'signup'),
    );
    await page.click('#out');
    await page.waitForURL(/outbound/);
    const all = await waitFor(
      events,
      (e) => e.some((x) => x.name === 'outbound') && e.some((x) => x.type === 'ping'),
    );
    await context.close();

    const views = all.filter((e) => e.type === 'pv');
    expect(views.map((v) => v.path)).toEqual(['/landing', '/spa/next', '/spa/next#/hash-route']);
    expect(views[0]!.title).toBe('测试页面');
    expect(all.find((e) => e.name === 'queued')?.props).toEqual({ early: true });
    expect(all.find((e) => e.name === 'signup')?.props).toEqual({ plan: 'pro' });
    expect(all.find((e) => e.name === 'outbound')?.props).toEqual({ url: outboundUrl() });
    expect(all.filter((e) => e.type === 'ping').every((e) => e.duration_ms > 0)).toBe(true);

    const [visit] = await t.db.query<Record<string, unknown>>('select * from visits where site_id = $1', [
      siteId,
    ]);
    expect(visit).toMatchObject({
      ref_category: 'search',
      ref_name: 'Baidu',
      keyword: '测试',
      utm_source: 'test',
      country: '中国',
      province: '广东省',
      city: '深圳市',
      ip: '120.24.78.68',
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      is_new: true,
      pageviews: 3,
      events: 3,
    });
    expect(Number(visit!.duration_ms)).toBeGreaterThan(0);
  });

  it('the visitor id is the one kept in localStorage; a phone is a mobile device', async () => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'x-forwarded-for': '61.135.169.121' },
    });
    const page = await context.newPage();
    await page.goto(`http://localhost:${pagePort}/phone`);
    const first = await waitFor(
      () =>
        t.db.query<Record<string, unknown>>(
          "select * from visits where site_id = $1 and entry_path = '/phone'",
          [siteId],
        ),
      (rows) => rows.length === 1,
    );
    expect(first[0]).toMatchObject({
      device: 'mobile',
      os: 'iOS',
      city: '北京市',
      ref_category: 'direct',
      is_new: true,
    });
    const id = await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
        'tj_v',
      ),
    );
    expect(first[0]!.visitor).toBe(id);
    await context.close();
  });
});
