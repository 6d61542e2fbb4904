// Collect endpoint throughput on the built server, on PGlite and on PostgreSQL, against a bare Fastify
// route answering 204 in the same run. Prints events/s, p50, p99, errors and the ratio; checks that every
// acknowledged hit is stored. In the same run, the other trackers' protocols (Umami /api/send, Plausible
// /api/event, Matomo /matomo.php) with the same page views: events/s and CPU per event (server and
// database processes, /proc) beside Tally's own /api/collect; and /api/collect's CPU per event against the
// bare route's per request (server and database against the bare server's process).
// Usage: npm run build && node bench/collect.mjs [seconds=20] [connections=50]

import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BENCH_ALIASES, countEvents, postgres, protocolHits, seedSite } from './collect-lib.mjs';
import { cpuMs, postgresCpuMs, printTable, run, startBare, startServer, tempDir } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 20);
const connections = Number(process.argv[3] ?? 50);
const TARGET = { ratio: 0.5, p99: 50 };
/** Each protocol within this factor of Tally's own endpoint, in events/s and in CPU per event. */
const PROTOCOL_TARGET = 1.3;
const PROTOCOLS = ['tally', 'umami', 'plausible', 'matomo'];
/**
 * The runs alternate in slices, so a change in machine load hits every endpoint alike; each slice starts
 * one endpoint further on, so none always follows the same one (a slice inherits the database's
 * background work — WAL writer, checkpoints, autovacuum, counted in its CPU — left by the one before;
 * with a fixed order `/api/send` would always pay for what `/api/collect` left).
 */
const SLICES = 4;

/** `requests`: autocannon requests (`setupRequest`, and `onResponse` for a client that reads answers). */
function load(base, requests, duration) {
  return run({ url: base, duration, connections, requests });
}

/** Totals over the slices; p50 averaged, p99 the worst slice's (never better than the truth). */
function merge(results) {
  const sum = (f) => results.reduce((n, r) => n + f(r), 0);
  return {
    '2xx': sum((r) => r['2xx']),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    requests: { average: sum((r) => r.requests.total) / seconds },
    latency: {
      p50: Math.round(sum((r) => r.latency.p50) / results.length),
      p99: Math.max(...results.map((r) => r.latency.p99)),
    },
  };
}

async function measure(backend, databaseUrl, ports, pgPort) {
  const dataDir = tempDir(`tally-bench-collect-${backend}-`);
  const { key, siteId } = await seedSite(dataDir, databaseUrl, BENCH_ALIASES);
  const server = await startServer({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    PORT: String(ports[0]),
    TRUST_PROXY: 'true',
  });
  const bare = await startBare(ports[1], 204);
  // The product's CPU: the server process (PGlite's thread included) and, on PostgreSQL, its backends.
  const productCpu = () => cpuMs(server.child.pid) + (pgPort ? postgresCpuMs(pgPort) : 0);
  const hits = protocolHits(key);
  const bareHits = protocolHits(key).tally;
  const endpoints = [
    ...PROTOCOLS.map((p) => ({ name: p, base: server.url, requests: hits[p], cpu: productCpu })),
    {
      name: 'bare',
      base: bare.url,
      requests: [{ setupRequest: (req) => ({ ...bareHits[0].setupRequest(req), path: '/bare' }) }],
      cpu: () => cpuMs(bare.pid),
    },
  ];
  const slices = Object.fromEntries(endpoints.map((e) => [e.name, []]));
  const cpu = Object.fromEntries(endpoints.map((e) => [e.name, 0]));
  try {
    // Warm-up, all alike: JIT, caches, the first visits.
    for (const e of endpoints) await load(e.base, e.requests, 2);
    for (let i = 0; i < SLICES; i++) {
      const order = endpoints.map((_, j) => endpoints[(i + j) % endpoints.length]);
      for (const e of order) {
        const before = e.cpu();
        slices[e.name].push(await load(e.base, e.requests, seconds / SLICES));
        cpu[e.name] += e.cpu() - before;
      }
    }
  } finally {
    await server.stop();
    await bare.stop();
  }
  const stored = await countEvents(dataDir, databaseUrl, siteId);
  rmSync(dataDir, { recursive: true, force: true });
  const results = Object.fromEntries(endpoints.map((e) => [e.name, merge(slices[e.name])]));
  return { results, cpu, stored };
}

const errorsOf = (r) => r.errors + r.timeouts + r.non2xx;

const rows = [];
const protocolRows = [];
let failed = false;

function check(backend, { results, cpu, stored }) {
  const collect = results.tally;
  const baseline = results.bare;
  const perEvent = (p) => cpu[p] / Math.max(1, results[p]['2xx']);
  // Warm-up hits are acknowledged and stored too: stored ≥ acknowledged in the measured runs.
  const acked = PROTOCOLS.reduce((n, p) => n + results[p]['2xx'], 0);
  const r = {
    backend,
    'events/s': Math.round(collect['2xx'] / seconds),
    p50: collect.latency.p50,
    p99: collect.latency.p99,
    errors: errorsOf(collect),
    'bare rps': Math.round(baseline.requests.average),
    ratio: Number((collect.requests.average / baseline.requests.average).toFixed(3)),
    // Issue 26's collect goal: ≤ 2.5× the bare route's CPU per request on PostgreSQL, ≤ 4× on PGlite.
    'CPU ms/event': Number(perEvent('tally').toFixed(3)),
    'bare CPU ms': Number(perEvent('bare').toFixed(3)),
    'CPU vs bare': Number((perEvent('tally') / Math.max(perEvent('bare'), 1e-9)).toFixed(2)),
    'acked≤stored': acked <= stored,
  };
  const ok = r.ratio >= TARGET.ratio && r.p99 < TARGET.p99 && r.errors === 0 && r['acked≤stored'];
  if (!ok) failed = true;
  rows.push({ ...r, target: ok ? 'met' : 'MISSED' });

  for (const p of PROTOCOLS) {
    const eps = results[p]['2xx'] / seconds;
    const slower = collect['2xx'] / seconds / Math.max(eps, 1e-9);
    const costlier = perEvent(p) / Math.max(perEvent('tally'), 1e-9);
    const met = errorsOf(results[p]) === 0 && slower <= PROTOCOL_TARGET && costlier <= PROTOCOL_TARGET;
    if (!met) failed = true;
    protocolRows.push({
      backend,
      protocol: p,
      'events/s': Math.round(eps),
      p99: results[p].latency.p99,
      errors: errorsOf(results[p]),
      'CPU ms/event': Number(perEvent(p).toFixed(3)),
      'Tally/this events/s': Number(slower.toFixed(2)),
      'CPU vs Tally': Number(costlier.toFixed(2)),
      target: met ? 'met' : 'MISSED',
    });
  }
}

const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const startLoad = load1();
check('PGlite', await measure('PGlite', undefined, [18941, 18942]));
const pg = await postgres(55449);
if (pg) {
  try {
    check('PostgreSQL', await measure('PostgreSQL', pg.url, [18943, 18944], new URL(pg.url).port || 5432));
  } finally {
    pg.stop();
  }
} else {
  console.log('No PostgreSQL (set BENCH_DATABASE_URL or install postgresql): PostgreSQL run missing.');
  failed = true;
}
printTable(rows);
printTable(protocolRows);
console.log(
  `${seconds} s per endpoint, ${connections} connections; targets: ratio ≥ ${TARGET.ratio}, p99 < ${TARGET.p99} ms, ` +
    `zero errors; each protocol within ${PROTOCOL_TARGET}× of /api/collect in events/s and CPU per event. ` +
    `Load average at start ${startLoad}, at end ${load1()}`,
);
process.exitCode = failed ? 1 : 0;
