#!/usr/bin/env node
/**
 * First load of the product's pages as a browser really makes it (issue 29 §8): bytes on the wire
 * and requests of a cold load in Chromium, for /login, the admin console and a user's /dashboard,
 * /site/overview and the heaviest back-office page, against fixed budgets.
 *
 * Builds nothing: run `npm run build` first. Starts the built server on a throwaway data directory
 * (or BENCH_PORT) after the CLI has made an admin and a user with one site of demo traffic, signs
 * them in through the login call and hands Chromium (/usr/bin/chromium) their session cookies. Each
 * page opens in a new context with the cache disabled and `Accept-Encoding: br, gzip` (Chromium
 * offers brotli only over HTTPS on its own); it counts every request (HTML, scripts, styles, fonts,
 * API calls) and the bytes each response took on the wire (CDP Network.loadingFinished
 * encodedDataLength: headers and compressed body) until the page's main content has rendered and
 * the network has been idle for IDLE_MS.
 *
 * Usage: node bench/web-bundle.mjs [--check] [--all]
 *   --check  exit code 1 when a page passes its budget
 *   --all    measure every back-office page of the admin menu too (how BACK_OFFICE_HEAVIEST was found)
 * WEB_DIST=<dir> measures another build of the web app; BENCH_VERBOSE=1 lists each page's responses
 * by size; BENCH_SHOTS=<dir> saves a full-page screenshot of each.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ADMIN_MENU_PAGES } from '../e2e/support/admin-menu-pages.mjs';
import { root, serverDist, startServer, tempDir } from './lib.mjs';

const check = process.argv.includes('--check');
const all = process.argv.includes('--all');
const cli = join(serverDist, 'cli.js');
// WEB_DIST (the server's own setting) measures another build of the web app.
const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
if (!existsSync(cli) || !existsSync(join(webDist, 'index.html'))) {
  console.error('no build: run `npm run build` first');
  process.exit(2);
}

const KB = 1024;
const IDLE_MS = 700;
const PASSWORD = 'password123';
/**
 * Issue 29 §8's budgets, met and enforced: /login ≤ 160 KB, every other page ≤ 450 KB and ≤ 40
 * requests (2026-11-28, `--all`: /login 134.4 KB, the admin console 411.3, a user's /dashboard 436.1,
 * /site/overview 428.8, the back office at most 439.8 (/user/profile) and 436.4 (/admin/contentcreate)).
 * They got there by fetch instead of axios in the entry; zod only when a form first checks a field
 * (each feature's `form-schemas.ts`) and contracts modules that declare calls apart from their schemas
 * (`*-schemas.ts`, `*-constants.ts`); the date pickers loaded when first used, filters and the article
 * and short-link forms' date-time fields alike; the settings' ads tab and the orders page's plans and
 * coupons tabs loaded when opened; antd's Tree and Card tabs stubbed out of the shared chunk; and an
 * article editor of our own instead of TipTap (≈ 105 KB less).
 */
const BUDGET = {
  login: { kb: 160 },
  page: { kb: 450, requests: 40 },
  backOffice: { kb: 450, requests: 40 },
};

/**
 * The heaviest page of the admin menu by `--all` (issue 29 §8 asks for it to be measured every
 * run): 文章添加, the article editor, with 个人中心 (/user/profile, the user centre's) within 4 KB of
 * it. Measure again with `--all` after adding a heavy page.
 */
const BACK_OFFICE_HEAVIEST = '/admin/contentcreate';

/** Every page of the admin's menu, measured once with `--all`. */
const BACK_OFFICE = ADMIN_MENU_PAGES;

const dataDir = tempDir('tally-first-load-');
const port = process.env.BENCH_PORT ?? String(await freePort());
const env = { DATA_DIR: dataDir, PORT: port, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', ROLE: 'serve' };
// The embedded database: the bytes a page loads do not depend on it.
delete process.env.DATABASE_URL;

/** A port nobody listens on now (a taken one would have the health check answered by a stranger). */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolvePort(free));
    });
  });
}

/** A CLI step on the data directory before the server takes it (PGlite: one process at a time). */
function cliStep(args) {
  const res = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (res.status !== 0) throw new Error(`tally ${args.join(' ')} exited with ${res.status}`);
}

async function api(url, path, { token, body } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const login = async (url, username) =>
  (await api(url, '/api/v1/api2/auth/login', { body: { username, password: PASSWORD } })).x_token;

/**
 * Opens `path` cold in a fresh context and returns { bytes, requests } once the main content has
 * rendered (no loading placeholder or spinner left; a form or the layout's main area filled) and no
 * request has been in flight for IDLE_MS.
 */
async function measure(browser, url, path, cookies) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
  });
  try {
    await context.addCookies(cookies.map(([name, value]) => ({ name, value, url })));
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    const inFlight = new Set();
    let bytes = 0;
    let requests = 0;
    let lastActivity = Date.now();
    const urls = new Map();
    const log = [];
    cdp.on('Network.responseReceived', (e) => {
      urls.set(
        e.requestId,
        `${e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '-'} ${e.response.url.replace(url, '')}`,
      );
    });
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      // A redirect reuses the request id: its first response counted as a request of its own.
      if (!inFlight.has(e.requestId) || e.redirectResponse) requests += 1;
      if (e.redirectResponse) bytes += e.redirectResponse.encodedDataLength ?? 0;
      inFlight.add(e.requestId);
      lastActivity = Date.now();
    });
    const done = (e) => {
      if (!inFlight.delete(e.requestId)) return;
      bytes += e.encodedDataLength ?? 0;
      log.push([e.encodedDataLength, urls.get(e.requestId)]);
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', done);
    cdp.on('Network.loadingFailed', (e) => done({ ...e, encodedDataLength: 0 }));
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${url}${path}`);
    await page
      .waitForFunction(
        () => {
          const busy = document.querySelector('.page-loading, .ant-spin-spinning, .ant-skeleton-active');
          const main = document.querySelector('main.app-main');
          const content = main ? main.textContent.trim() !== '' : document.querySelector('form') !== null;
          return !busy && content;
        },
        undefined,
        { timeout: 30_000 },
      )
      .catch((error) => {
        throw new Error(`${path} did not render: ${errors.join('; ') || error.message}`);
      });
    const until = Date.now() + 30_000;
    while (inFlight.size > 0 || Date.now() - lastActivity < IDLE_MS) {
      if (Date.now() > until) throw new Error(`${path}: the network never went idle`);
      await new Promise((r) => setTimeout(r, 50));
    }
    if (new URL(page.url()).pathname !== path.split('?')[0])
      throw new Error(`${path} ended on ${page.url()}: not signed in?`);
    // BENCH_SHOTS=<dir>: a full-page screenshot of each page once measured (to compare looks).
    if (process.env.BENCH_SHOTS)
      await page.screenshot({
        path: join(process.env.BENCH_SHOTS, `${path.replaceAll('/', '_')}-${cookies.length}.png`),
        fullPage: true,
      });
    if (process.env.BENCH_VERBOSE)
      for (const [n, u] of log.sort((a, b) => b[0] - a[0])) console.log(String(n).padStart(8), u);
    return { bytes, requests };
  } finally {
    await context.close();
  }
}

let server;
let browser;
let missed = false;
try {
  // One site with demo traffic for the user; the admin is a second account (the CLI's `user`).
  cliStep(['demo', '--sites', '1', '--days', '14', '--visits', '20', '--email', 'demo@example.com']);
  cliStep(['user', '--email', 'demo@example.com', '--username', 'demo', '--password', PASSWORD]);
  cliStep([
    'user',
    '--email',
    'admin@example.com',
    '--username',
    'admin',
    '--password',
    PASSWORD,
    '--roles',
    'admin',
  ]);
  server = await startServer(env);
  const { url } = server;
  const adminToken = await login(url, 'admin');
  const userToken = await login(url, 'demo');
  const [site] = (await api(url, '/api/v1/api2/sites/fetch?limit=1', { token: userToken })).list;
  const siteCookie = encodeURIComponent(
    JSON.stringify({ id: site.id, name: site.name, domain: site.domain }),
  );
  const admin = [
    ['x-token', adminToken],
    ['username', 'admin'],
  ];
  const user = [
    ['x-token', userToken],
    ['username', 'demo'],
    ['app_site', siteCookie],
  ];

  const pages = [
    { label: '/login', path: '/login', cookies: [], budget: BUDGET.login },
    { label: '/dashboard (admin console)', path: '/dashboard', cookies: admin, budget: BUDGET.page },
    { label: '/dashboard (user)', path: '/dashboard', cookies: user, budget: BUDGET.page },
    { label: '/site/overview', path: '/site/overview', cookies: user, budget: BUDGET.page },
    {
      label: `${BACK_OFFICE_HEAVIEST} (heaviest back office)`,
      path: BACK_OFFICE_HEAVIEST,
      cookies: admin,
      budget: BUDGET.backOffice,
    },
    ...(all
      ? BACK_OFFICE.map((path) => ({ label: path, path, cookies: admin, budget: BUDGET.backOffice }))
      : []),
  ];

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows = [];
  for (const p of pages) {
    const { bytes, requests } = await measure(browser, url, p.path, p.cookies);
    const kb = bytes / KB;
    const ok = kb <= p.budget.kb && (p.budget.requests === undefined || requests <= p.budget.requests);
    missed ||= !ok;
    rows.push({
      page: p.label,
      KB: kb.toFixed(1),
      requests,
      budget: `≤ ${p.budget.kb} KB${p.budget.requests ? `, ≤ ${p.budget.requests} requests` : ''}`,
      '': ok ? 'ok' : 'OVER',
    });
  }
  if (all) rows.sort((a, b) => Number(b.KB) - Number(a.KB));
  console.table(rows);
  console.log(
    'cold loads in Chromium: bytes on the wire (headers + encoded bodies), every request until idle',
  );
} catch (error) {
  console.error(error);
  missed = true;
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (check && missed) process.exitCode = 1;
