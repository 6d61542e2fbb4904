import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { CHROMIUM, DESKTOP_CHROME, listen, waitFor } from '../../../test/chromium.js';

/**
 * Tally's Plausible-compatible script (packages/tracker/src/plausible.ts, built) in Chromium: the features
 * its file name turns on, on a page of another origin (`shop.test`, mapped to loopback).
 */

const HOST = 'shop.test';
const DOMAIN = 'plausible-shop.example';

type Row = {
  type: string;
  path: string;
  name: string | null;
  props: Record<string, unknown> | null;
  duration_ms: string;
};

describe('Plausible-compatible script in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let pages: Server;
  let pagesOrigin: string;
  let appOrigin: string;
  let siteId: number;
  /** Page path → its <head>, set by each test. */
  const heads = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appOrigin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const owner = await newOwner(t);
    siteId = (await newSite(t, owner, { domains: [DOMAIN] })).id;
    pages = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>${heads.get(path) ?? ''}</head>
<body style="height: 3000px"><a id="hash" href="#pricing">pricing</a>
<a id="out" href="https://elsewhere.example/page?x=1">elsewhere</a>
<a id="file" href="/files/report.pdf?v=2">report</a>
<a id="tagged" href="/signup" class="plausible-event-name=Sign+up plausible-event-plan=pro">sign up</a></body></html>`);
    });
    pagesOrigin = `http://${HOST}:${await listen(pages)}`;
    browser = await chromium.launch({
      ...CHROMIUM,
      // The user agent for the whole browser: a per-page override misses the beacons a page sends as it
      // unloads (they would go out as HeadlessChrome, a bot).
      args: [
        ...CHROMIUM.args,
        `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
        `--user-agent=${DESKTOP_CHROME}`,
      ],
      headless: true,
    });
  });
  afterAll(async () => {
    await browser?.close();
    pages?.close();
    await t.close();
  });

  const engaged = (e: Row) => (e.type === 'ping' ? Number(e.duration_ms) : 0);
  const events = (where = 'true') =>
    t.db.query<Row>(
      `select type, path, name, props, duration_ms from events where site_id = $1 and ${where} order by id`,
      [siteId],
    );

  async function open(path: string, head: string) {
    heads.set(path, head);
    // No visitor address is added: a header added to the page's requests would make the script's simple
    // requests preflighted ones, and routing them would miss those sent while a page unloads.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${pagesOrigin}${path}`);
    return { context, page };
  }

  it('hash mode, outbound links, file downloads, tagged events, page view props, the queue, revenue, engagement', async () => {
    const script = 'script.file-downloads.hash.outbound-links.pageview-props.tagged-events.js';
    const { context, page } = await open(
      '/all',
      `<script>window.plausible = window.plausible || function () { (plausible.q = plausible.q || []).push(arguments) };
plausible('Queued', { props: { early: true } });</script>
<script defer data-domain="${DOMAIN}" event-author="ann" src="${appOrigin}/js/${script}"></script>`,
    );
    const has = (pred: (rows: Row[]) => boolean) => waitFor(() => events("path like '/all%'"), pred);
    await has((r) => r.some((e) => e.type === 'pv'));
    await page.click('#hash');
    await has((r) => r.some((e) => e.path === '/all#pricing'));
    await page.click('#file');
    await has((r) => r.some((e) => e.name === 'File Download'));
    await page.goBack();
    await page.click('#tagged');
    await has((r) => r.some((e) => e.name === 'Sign up'));
    await page.goBack();
    const status = await page.evaluate(
      () =>
        new Promise((resolve) =>
          (globalThis as unknown as { plausible: (n: string, o: object) => void }).plausible('Purchase', {
            revenue: { amount: 9.5, currency: 'EUR' },
            callback: (r: { status?: number }) => resolve(r.status),
          }),
        ),
    );
    expect(status).toBe(202);
    await page.mouse.wheel(0, 2000);
    await new Promise((r) => setTimeout(r, 1200));
    await page.click('#out');
    await page.waitForURL(/elsewhere/).catch(() => {});
    const all = await has(
      (r) => r.some((e) => e.name === 'Outbound Link: Click') && r.some((e) => engaged(e) >= 1000),
    );
    await context.close();

    const pv = all.filter((e) => e.type === 'pv').map((e) => e.path);
    expect(pv[0]).toBe('/all');
    expect(pv).toContain('/all#pricing');
    const named = (name: string) => all.find((e) => e.name === name)?.props;
    expect(named('Queued')).toEqual({ early: true });
    expect(named('File Download')).toEqual({ url: `${pagesOrigin}/files/report.pdf` });
    expect(named('Sign up')).toEqual({ plan: 'pro', url: `${pagesOrigin}/signup` });
    expect(named('Purchase')).toEqual({ revenue_amount: 9.5, revenue_currency: 'EUR' });
    expect(named('Outbound Link: Click')).toEqual({ url: 'https://elsewhere.example/page?x=1' });
    // The second and more on the page before the outbound click came as an engagement event.
    expect(all.some((e) => engaged(e) >= 1000)).toBe(true);
  });

  it('manual mode sends only what the page asks for, with its own URL', async () => {
    const { context, page } = await open(
      '/manual',
      `<script defer data-domain="${DOMAIN}" src="${appOrigin}/js/script.manual.js"></script>`,
    );
    await page.waitForFunction(() => 'plausible' in globalThis);
    await page.evaluate(() =>
      (globalThis as unknown as { plausible: (n: string, o: object) => void }).plausible('pageview', {
        u: `${(globalThis as unknown as { location: { origin: string } }).location.origin}/virtual/page`,
      }),
    );
    const rows = await waitFor(
      () => events("path in ('/manual', '/virtual/page')"),
      (r) => r.length > 0,
    );
    await context.close();
    expect(rows.map((r) => r.path)).toEqual(['/virtual/page']);
  });

  it('sends nothing from localhost (without `local`) nor from an excluded path', async () => {
    const posted: string[] = [];
    const context = await browser.newContext();
    context.on('request', (r) => {
      if (r.url().endsWith('/api/event') && r.postData()?.includes('pageview')) posted.push(r.url());
    });
    const page = await context.newPage();
    const port = new URL(pagesOrigin).port;
    heads.set('/local', `<script defer data-domain="${DOMAIN}" src="${appOrigin}/js/script.js"></script>`);
    await page.goto(`http://localhost:${port}/local`);
    heads.set(
      '/private/a/b',
      `<script defer data-domain="${DOMAIN}" data-exclude="/private/**" src="${appOrigin}/js/script.exclusions.js"></script>`,
    );
    await page.goto(`${pagesOrigin}/private/a/b`);
    await page.waitForFunction(() => 'plausible' in globalThis);
    // The counter-check: the same script on a path not excluded does send.
    heads.set('/public', heads.get('/private/a/b')!);
    await page.goto(`${pagesOrigin}/public`);
    const stored = await waitFor(
      () => events("path in ('/local', '/private/a/b', '/public')"),
      (r) => r.length > 0,
    );
    await context.close();
    expect(posted).toHaveLength(1);
    expect(stored.map((r) => r.path)).toEqual(['/public']);
  });
});
