// Shared by the collect benchmarks: a seeded site, realistic hits, the PostgreSQL to run against, counting.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { siteSaveBodySchema } from '@tally/contracts';
import pg from 'pg';
import { serverDist } from './lib.mjs';

const dist = (file) => import(pathToFileURL(path.join(serverDist, file)).href);

export const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PREFIXES = [
  '61.135.169',
  '202.96.134',
  '183.60.92',
  '202.96.209',
  '223.5.5',
  '218.2.2',
  '61.139.2',
  '8.8.8',
];
const REFERRERS = [
  '',
  'https://www.baidu.com/s?wd=%E6%B5%8B%E8%AF%95',
  'https://weibo.com/u/1',
  'https://example.org/',
];

/** Opens the product's database with the built code (the server must not be running on a PGlite dir). */
export async function withDatabase(dataDir, databaseUrl, fn) {
  const { loadConfig } = await dist('config.js');
  const { openDatabase } = await dist('db/client.js');
  const { createServices } = await dist('app.js');
  const { default: pino } = await import('pino');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl });
  const db = await openDatabase(config);
  try {
    await db.migrate();
    return await fn(createServices({ config, db }, pino({ level: 'warn' })), db);
  } finally {
    await db.close();
  }
}

/**
 * A site of `userId` on the domain the hit factory uses; its tracking key and id. `extra`: more of the
 * save body (the Umami and Matomo ids the protocol benchmark names the site by).
 */
export async function createSite(services, userId, name, extra = {}) {
  const auth = { sessionId: 0, kind: 'user', userId, siteId: null, roles: ['user'], name: '', token: '' };
  const site = await services.sites.save(
    auth,
    siteSaveBodySchema.parse({ name, domains: ['bench.example'], ...extra }),
  );
  return { key: site.tracking_key, siteId: site.id };
}

/** One owner and one site; returns the site's tracking key. */
export async function seedSite(dataDir, databaseUrl, extra = {}) {
  return withDatabase(dataDir, databaseUrl, async (services) => {
    const email = `bench${Date.now()}@example.test`;
    const user = await services.users.create({
      username: email.split('@')[0],
      email,
      password: 'bench password 1',
      roles: ['user'],
    });
    return createSite(services, user.id, 'bench', extra);
  });
}

/** Page views from a pool of visitors (most continue a visit, some open one), from Chinese and other IPs. */
export function hitFactory(key, visitors = 5000) {
  let n = 0;
  return () => {
    n += 1;
    const v = `bench${(n * 7919) % visitors}`;
    const body = JSON.stringify({
      s: key,
      t: 'pv',
      u: `https://bench.example/page/${n % 50}`,
      r: REFERRERS[n % REFERRERS.length],
      ti: 'Bench page',
      w: 1920,
      h: 1080,
      l: 'zh-CN',
      v,
      p: n.toString(36),
    });
    const headers = {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': UA,
      'x-forwarded-for': `${PREFIXES[n % PREFIXES.length]}.${1 + (n % 250)}`,
    };
    return { body, headers, visitor: v, n };
  };
}

/** The ids the protocol benchmark's site answers to (seedSite's `extra`). */
export const BENCH_ALIASES = { umami_ids: ['5b3a1f0e-bench-4c2d-9e8f-umami0000001'], matomo_id: '7' };

/** What one request of hit `n` has in common across the protocols: page, referrer, client address. */
function sample(n) {
  return {
    page: `https://bench.example/page/${n % 50}`,
    referrer: REFERRERS[n % REFERRERS.length],
    headers: { 'user-agent': UA, 'x-forwarded-for': `${PREFIXES[n % PREFIXES.length]}.${1 + (n % 250)}` },
  };
}

/**
 * Page views as each protocol's own client sends them, drawn from the same pages, referrers and
 * addresses: Tally's tracker (`/api/collect`), Umami's script (`/api/send`, JSON), Plausible's script
 * (`/api/event`, text/plain) and Matomo's JavaScript tracker (`GET /matomo.php`, `send_image=0`, with
 * its 16-hex-digit visitor id). Each is a list of autocannon requests whose `setupRequest` gives
 * `{ method, path, headers, body }`; Umami's also read the answers (`onResponse`), see umamiTab.
 */
export function protocolHits(key) {
  const tally = hitFactory(key);
  let n = 0;
  const next = (make) => () => {
    n += 1;
    return make(n, sample(n));
  };
  const umami = next((_i, s) => ({
    method: 'POST',
    path: '/api/send',
    headers: { ...s.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'event',
      payload: {
        website: BENCH_ALIASES.umami_ids[0],
        hostname: 'bench.example',
        url: new URL(s.page).pathname,
        referrer: s.referrer,
        title: 'Bench page',
        screen: '1920x1080',
        language: 'zh-CN',
      },
    }),
  }));
  const request = (make) => [{ setupRequest: (req) => ({ ...req, ...make() }) }];
  return {
    tally: request(() => {
      const hit = tally();
      return { method: 'POST', path: '/api/collect', headers: hit.headers, body: hit.body };
    }),
    umami: umamiTab(umami),
    plausible: request(
      next((_i, s) => ({
        method: 'POST',
        path: '/api/event',
        headers: { ...s.headers, 'content-type': 'text/plain' },
        body: JSON.stringify({ n: 'pageview', u: s.page, d: 'bench.example', r: s.referrer || null }),
      })),
    ),
    matomo: request(
      next((i, s) => {
        const q = new URLSearchParams({
          idsite: BENCH_ALIASES.matomo_id,
          rec: '1',
          url: s.page,
          urlref: s.referrer,
          action_name: 'Bench page',
          _id: ((i * 7919) % 5000).toString(16).padStart(16, '0'),
          res: '1920x1080',
          send_image: '0',
        });
        return { method: 'GET', path: `/matomo.php?${q}`, headers: s.headers };
      }),
    ),
  };
}

/** Page views a visitor's tab sends with one Umami cache token before the bench starts a new visitor. */
const UMAMI_TAB_VIEWS = 5;

/**
 * Umami's script keeps the `cache` of its last answer and sends it back in `x-umami-cache` (its
 * tracker's `send`: `cache = json.cache`, then `headers['x-umami-cache'] = cache`). Each autocannon
 * connection plays visitors' tabs that do so: one pass through these requests is one visitor, whose
 * first view goes without a token and the next ones with the token of the answer before (autocannon
 * keeps a connection's `context` through the list and starts it afresh when the list starts over).
 */
function umamiTab(make) {
  return Array.from({ length: UMAMI_TAB_VIEWS }, () => ({
    setupRequest: (req, context) => {
      const hit = { ...req, ...make() };
      if (context.cache) hit.headers = { ...hit.headers, 'x-umami-cache': context.cache };
      return hit;
    },
    onResponse: (status, body, context) => {
      if (status === 200) context.cache = JSON.parse(body).cache;
    },
  }));
}

export async function countEvents(dataDir, databaseUrl, siteId) {
  return withDatabase(dataDir, databaseUrl, async (_services, db) => {
    const [row] = await db.query('select count(*)::int as n from events where site_id = $1', [siteId]);
    return Number(row.n);
  });
}

/** BENCH_DATABASE_URL, or a throwaway cluster from scripts/pg-temp.mjs; undefined when there is no PostgreSQL. */
export async function postgres(port) {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop() {} };
  const { startTempPostgres } = await import('../scripts/pg-temp.mjs');
  return startTempPostgres(port);
}

/** A fresh database `name` on the cluster (dropped first if a run left it); `drop()` removes it again. */
export async function benchDatabase(clusterUrl, name) {
  const onCluster = async (sql) => {
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await onCluster(`drop database if exists ${name} with (force)`);
  await onCluster(`create database ${name}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onCluster(`drop database if exists ${name} with (force)`) };
}
