import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { BASE_URL } from '../support/accounts';
import { apiContext, call, loginToken } from '../support/api';
import { CHROMIUM } from '../support/chromium.mjs';
import { expect, test } from '../support/fixtures';

/**
 * Other analytics tools' browser trackers pointed at Tally (issue 28): Umami's own script and Tally's
 * Umami-compatible /script.js, Plausible's npm tracker and Tally's /js/script.js, and Matomo's standard
 * snippet loading Tally's /matomo.js (its own test at the end). Each runs in Chromium on
 * a page served from another origin (a small server of this spec, under the name shop.test), sends a
 * page view and a custom event with properties, and the visit shows in the visit log with its page,
 * referrer, keyword, area and device, and the event with its properties in the events report.
 */

const PAGE_HOST = 'shop.test';
/** A Baidu search for 统计 (what Chromium sends cross-site is the full URL only with this policy). */
const REFERRER = 'https://www.baidu.com/s?wd=%E7%BB%9F%E8%AE%A1';
/** The visitor's address, which Tally trusts from loopback: a Beijing one, so the area is known. */
const VISITOR_IP = '61.135.169.121';

test.use({
  // Requests to Tally get the visitor's address from page.route below; no header is added page-wide,
  // so the trackers' requests stay as simple (or not) as they are in the field.
  extraHTTPHeaders: {},
  launchOptions: {
    ...CHROMIUM,
    // The test pages' own origin: not localhost, which Plausible's trackers skip.
    args: [...CHROMIUM.args, `--host-resolver-rules=MAP ${PAGE_HOST} 127.0.0.1`],
  },
});

/** Plausible's npm module as a page script: `window.PlausibleNpm = { init, track }`. */
async function plausibleNpmBundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents:
        "import { init, track } from '@plausible-analytics/tracker'; window.PlausibleNpm = { init, track };",
      resolveDir: import.meta.dirname,
    },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

const UMAMI_OWN = readFileSync(new URL('../support/vendor/umami-tracker-2.10.0.js', import.meta.url), 'utf8');

/** What the trackers put on `window`. */
interface PageGlobals {
  umami: { track(name: string, data: object): Promise<unknown> };
  PlausibleNpm: { track(name: string, options: object): void };
}

interface Tracker {
  /** Path of the test page. */
  path: string;
  /** The page's <head> additions (the tracker's snippet), given the site's domain and Umami id. */
  head(site: { domain: string; umamiId: string }): string;
  /** Sends the custom event `Signup` with `{ plan: 'pro' }` from the page. */
  signup(page: Page): Promise<unknown>;
  /** Tally's endpoint the tracker posts to. */
  endpoint: string;
}

const TRACKERS: Record<string, Tracker> = {
  'Umami (its own script, umami 2.10.0 from npm)': {
    path: '/umami-own/landing',
    head: ({ umamiId }) =>
      `<script defer src="/vendor/umami.js" data-website-id="${umamiId}" data-host-url="${BASE_URL}"></script>`,
    signup: (page) =>
      page.evaluate(() => (window as unknown as PageGlobals).umami.track('Signup', { plan: 'pro' })),
    endpoint: '/api/send',
  },
  "Umami (Tally's /script.js)": {
    path: '/umami-tally/landing',
    head: ({ umamiId }) => `<script defer src="${BASE_URL}/script.js" data-website-id="${umamiId}"></script>`,
    signup: (page) =>
      page.evaluate(() => (window as unknown as PageGlobals).umami.track('Signup', { plan: 'pro' })),
    endpoint: '/api/send',
  },
  'Plausible (@plausible-analytics/tracker from npm)': {
    path: '/plausible-npm/landing',
    head: ({ domain }) => `<script src="/vendor/plausible-npm.js"></script>
<script>
  // Plausible's tracker skips automated browsers unless the page says it is a test.
  window.__plausible = true;
  PlausibleNpm.init({ domain: '${domain}', endpoint: '${BASE_URL}/api/event' });
</script>`,
    signup: (page) =>
      page.evaluate(() =>
        (window as unknown as PageGlobals).PlausibleNpm.track('Signup', { props: { plan: 'pro' } }),
      ),
    endpoint: '/api/event',
  },
  "Plausible (Tally's /js/script.tagged-events.js)": {
    path: '/plausible-tally/landing',
    head: ({ domain }) =>
      `<script defer data-domain="${domain}" src="${BASE_URL}/js/script.tagged-events.js"></script>`,
    // A tagged element: the script reads the event and its properties from the classes.
    signup: (page) => page.locator('#signup').click(),
    endpoint: '/api/event',
  },
};

function testPage(head: string, body = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Landing</title>
<meta name="referrer" content="unsafe-url">${head}</head>
<body><h1>Landing</h1>
<button id="signup" class="plausible-event-name=Signup plausible-event-plan=pro">Sign up</button>${body}</body></html>`;
}

let pages: Server;
let pagesOrigin: string;
const heads = new Map<string, string>();
/** More of a page's <body>, by path. */
const bodies = new Map<string, string>();

test.beforeAll(async () => {
  const npm = await plausibleNpmBundle();
  pages = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const script = path === '/vendor/umami.js' ? UMAMI_OWN : path === '/vendor/plausible-npm.js' ? npm : null;
    if (script !== null) {
      res.setHeader('content-type', 'application/javascript; charset=utf-8');
      res.end(script);
      return;
    }
    const head = heads.get(path);
    res.statusCode = head === undefined ? 404 : 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(head === undefined ? 'not found' : testPage(head, bodies.get(path)));
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesOrigin = `http://${PAGE_HOST}:${(pages.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => (pages ? pages.close(() => resolve()) : resolve())));

interface VisitRow {
  id: number;
  entry_url: string;
  referrer: string;
  ref_category: string;
  engine: string | null;
  keyword: string | null;
  province: string;
  device: string;
  browser: string;
}

for (const [name, tracker] of Object.entries(TRACKERS)) {
  test(`${name}: page view and custom event show in the visit log and the events report`, async ({
    page,
  }) => {
    const admin = await apiContext(await loginToken('admin'));
    const tag = randomUUID().slice(0, 8);
    const domain = `${tag}.compat.example`;
    const umamiId = randomUUID();
    const site = await call<{ id: number }>(admin, 'POST', '/api/v1/api2/sites/save', {
      name: `Compat ${tag}`,
      domains: [domain],
      umami_ids: [umamiId],
    });
    heads.set(tracker.path, tracker.head({ domain, umamiId }));

    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('requestfailed', (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`));
    // The visitor's address, as a proxy in front of Tally would pass it.
    await page.route(`${BASE_URL}/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': VISITOR_IP } }),
    );

    const hit = (what: RegExp) =>
      page.waitForResponse(
        (r) => r.url() === `${BASE_URL}${tracker.endpoint}` && what.test(r.request().postData() ?? ''),
      );
    const pageview = hit(/landing/);
    await page.goto(`${pagesOrigin}${tracker.path}?from=search`, { referer: REFERRER });
    expect((await pageview).status()).toBeLessThan(300);
    const signup = hit(/Signup/);
    await tracker.signup(page);
    expect((await signup).status()).toBeLessThan(300);

    const query = `site_id=${site.id}`;
    let visit: VisitRow | undefined;
    await expect
      .poll(async () => {
        const log = await call<{ list: VisitRow[] }>(admin, 'GET', `/api/v1/api2/report/visitor?${query}`);
        visit = log.list[0];
        return visit?.entry_url ?? '';
      })
      .toContain(`${tracker.path}?from=search`);
    expect(visit).toMatchObject({
      ref_category: 'search',
      engine: 'Baidu',
      keyword: '统计',
      province: '北京市',
      device: 'desktop',
      browser: 'Chrome',
    });

    const pagesOfVisit = await call<{ list: { type: string; url: string; name: string | null }[] }>(
      admin,
      'GET',
      `/api/v1/api2/report/visitor/pages?${query}&id=${visit!.id}`,
    );
    expect(
      pagesOfVisit.list.map((p) => [p.type, p.type === 'ev' ? p.name : new URL(p.url).pathname]),
    ).toEqual([
      ['pv', tracker.path],
      ['ev', 'Signup'],
    ]);

    const events = await call<{
      list: { name: string; count: number }[];
      props: { key: string; value: string }[];
    }>(admin, 'GET', `/api/v1/api2/report/events?${query}&name=Signup`);
    expect(events.list).toEqual([expect.objectContaining({ name: 'Signup', count: 1 })]);
    expect(events.props).toContainEqual(expect.objectContaining({ key: 'plan', value: 'pro' }));

    expect(problems).toEqual([]);
    await admin.dispose();
  });
}

/** Matomo's standard snippet (Matomo > Administration > Tracking code), with Tally as `u`. */
function matomoSnippet(idsite: string): string {
  return `<script>
  var _paq = window._paq = window._paq || [];
  /* tracker methods like "setCustomDimension" should be called before "trackPageView" */
  _paq.push(['trackPageView']);
  _paq.push(['enableLinkTracking']);
  (function() {
    var u="${BASE_URL}/";
    _paq.push(['setTrackerUrl', u+'matomo.php']);
    _paq.push(['setSiteId', '${idsite}']);
    var d=document, g=d.createElement('script'), s=d.getElementsByTagName('script')[0];
    g.async=true; g.src=u+'matomo.js'; s.parentNode.insertBefore(g,s);
  })();
</script>`;
}

test("Matomo (its standard snippet, Tally's /matomo.js): page view, event, site search and outlink show in the visit log", async ({
  page,
}) => {
  const admin = await apiContext(await loginToken('admin'));
  const tag = randomUUID().slice(0, 8);
  const domain = `${tag}.compat.example`;
  const idsite = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
  const site = await call<{ id: number }>(admin, 'POST', '/api/v1/api2/sites/save', {
    name: `Compat ${tag}`,
    domains: [domain],
    matomo_id: idsite,
  });
  const path = '/matomo/landing';
  // A link to another host (an outlink for Matomo); the click stays on the page.
  const outlink = `http://127.0.0.1:${new URL(pagesOrigin).port}/elsewhere`;
  heads.set(path, matomoSnippet(idsite));
  bodies.set(path, `<a id="out" href="${outlink}" onclick="return false">Elsewhere</a>`);

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('requestfailed', (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`));
  await page.route(`${BASE_URL}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': VISITOR_IP } }),
  );
  // A tracking request, sent as a beacon (form body) or a GET (query): its parameters either way.
  const hit = (what: (q: URLSearchParams) => boolean) =>
    page.waitForResponse((r) => {
      if (r.url().split('?')[0] !== `${BASE_URL}/matomo.php`) return false;
      const q = new URLSearchParams(r.url().split('?')[1] ?? '');
      for (const [k, v] of new URLSearchParams(r.request().postData() ?? '')) q.set(k, v);
      return what(q);
    });

  const script = page.waitForResponse(`${BASE_URL}/matomo.js`);
  const pageview = hit((q) => q.get('action_name') === 'Landing');
  await page.goto(`${pagesOrigin}${path}?from=search`, { referer: REFERRER });
  expect((await script).headers()['cache-control']).toBe('public, max-age=3600');
  const view = await pageview;
  expect(view.status()).toBe(204);
  // As matomo.js sends it in Chromium: a beacon with a form body (a simple request, no preflight).
  expect(view.request().method()).toBe('POST');
  expect(view.request().headers()['content-type']).toContain('application/x-www-form-urlencoded');
  const sent = new URLSearchParams(view.request().postData() ?? view.url().split('?')[1]);
  expect(Object.fromEntries(sent)).toMatchObject({
    idsite,
    rec: '1',
    url: `${pagesOrigin}${path}?from=search`,
    urlref: REFERRER,
    send_image: '0',
  });
  expect(sent.get('_id')).toMatch(/^[0-9a-f]{16}$/);
  expect(sent.get('res')).toMatch(/^\d+x\d+$/);

  const event = hit((q) => q.get('e_c') === 'Signup');
  await page.evaluate(() =>
    (window as unknown as { _paq: unknown[][] })._paq.push(['trackEvent', 'Signup', 'click', 'pro', 3]),
  );
  expect((await event).status()).toBe(204);
  const search = hit((q) => q.has('search'));
  await page.evaluate(() =>
    (window as unknown as { _paq: unknown[][] })._paq.push(['trackSiteSearch', '统计', 'docs', 4]),
  );
  expect((await search).status()).toBe(204);
  const out = hit((q) => q.get('link') === outlink);
  await page.locator('#out').click();
  expect((await out).status()).toBe(204);

  const query = `site_id=${site.id}`;
  let visit: VisitRow | undefined;
  await expect
    .poll(async () => {
      const log = await call<{ list: VisitRow[] }>(admin, 'GET', `/api/v1/api2/report/visitor?${query}`);
      visit = log.list[0];
      return visit?.entry_url ?? '';
    })
    .toContain(`${path}?from=search`);
  expect(visit).toMatchObject({
    ref_category: 'search',
    engine: 'Baidu',
    keyword: '统计',
    province: '北京市',
    device: 'desktop',
    browser: 'Chrome',
  });
  expect(visit!.referrer).toContain('baidu.com');

  const steps = async () =>
    (
      await call<{ list: { type: string; url: string; name: string | null }[] }>(
        admin,
        'GET',
        `/api/v1/api2/report/visitor/pages?${query}&id=${visit!.id}`,
      )
    ).list.map((p) => [p.type, p.type === 'ev' ? p.name : new URL(p.url).pathname]);
  await expect.poll(steps).toEqual([
    ['pv', path],
    ['ev', 'Signup'],
    ['ev', 'site_search'],
    ['ev', 'outbound'],
  ]);

  const events = async (name: string) =>
    call<{ list: { name: string; count: number }[]; props: { key: string; value: string }[] }>(
      admin,
      'GET',
      `/api/v1/api2/report/events?${query}&name=${encodeURIComponent(name)}`,
    );
  // The list holds every event of the site; `name` chooses whose properties come with it.
  const signup = await events('Signup');
  expect(signup.list.map((e) => [e.name, e.count]).sort()).toEqual([
    ['Signup', 1],
    ['outbound', 1],
    ['site_search', 1],
  ]);
  expect(signup.props).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ key: 'action', value: 'click' }),
      expect.objectContaining({ key: 'name', value: 'pro' }),
    ]),
  );
  const searched = await events('site_search');
  expect(searched.props).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ key: 'keyword', value: '统计' }),
      expect.objectContaining({ key: 'category', value: 'docs' }),
    ]),
  );
  const outbound = await events('outbound');
  expect(outbound.props).toContainEqual(expect.objectContaining({ key: 'url', value: outlink }));

  expect(problems).toEqual([]);
  await admin.dispose();
});
