// Collect endpoint throughput on the built server, on PGlite and on PostgreSQL, against a bare Fastify
// route answering 204 in the same run. Prints events/s, p50, p99, errors and the ratio; checks that every
// acknowledged hit is stored. Usage: npm run build && node bench/collect.mjs [seconds=20] [connections=50]
import { rmSync } from 'node:fs';
import { countEvents, hitFactory, postgres, seedSite } from './collect-lib.mjs';
import { printTable, run, startBare, startServer, tempDir } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 20);
const connections = Number(process.argv[3] ?? 50);
const TARGET = { ratio: 0.5, p99: 50 };
/** Collect and bare runs alternate in slices, so a change in machine load hits both alike. */
const SLICES = 4;

function load(url, next, duration) {
  return run({
    url,
    duration,
    connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const hit = next();
          return { ...req, headers: hit.headers, body: hit.body };
        },
      },
    ],
  });
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

async function measure(backend, databaseUrl, ports) {
  const dataDir = tempDir(`tally-bench-collect-${backend}-`);
  const { key, siteId } = await seedSite(dataDir, databaseUrl);
  const server = await startServer({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    PORT: String(ports[0]),
    TRUST_PROXY: 'true',
  });
  const bare = await startBare(ports[1], 204);
  let collect;
  let baseline;
  try {
    const next = hitFactory(key);
    const bareHits = hitFactory(key);
    // Warm-up, both alike: JIT, caches, the collect side's first visits.
    await load(`${server.url}/api/collect`, next, 2);
    await load(bare.url, bareHits, 2);
    const slices = { collect: [], baseline: [] };
    for (let i = 0; i < SLICES; i++) {
      slices.collect.push(await load(`${server.url}/api/collect`, next, seconds / SLICES));
      slices.baseline.push(await load(bare.url, bareHits, seconds / SLICES));
    }
    collect = merge(slices.collect);
    baseline = merge(slices.baseline);
  } finally {
    await server.stop();
    await bare.stop();
  }
  const stored = await countEvents(dataDir, databaseUrl, siteId);
  rmSync(dataDir, { recursive: true, force: true });
  return { collect, baseline, stored };
}

const row = (backend, { collect, baseline, stored }, acked) => ({
  backend,
  'events/s': Math.round(collect['2xx'] / seconds),
  p50: collect.latency.p50,
  p99: collect.latency.p99,
  errors: collect.errors + collect.timeouts + collect.non2xx,
  'bare rps': Math.round(baseline.requests.average),
  ratio: Number((collect.requests.average / baseline.requests.average).toFixed(3)),
  'acked≤stored': acked <= stored,
});

const rows = [];
let failed = false;
const check = (r) => {
  const ok = r.ratio >= TARGET.ratio && r.p99 < TARGET.p99 && r.errors === 0 && r['acked≤stored'];
  if (!ok) failed = true;
  rows.push({ ...r, target: ok ? 'met' : 'MISSED' });
};

{
  const res = await measure('PGlite', undefined, [18941, 18942]);
  // Warm-up hits are acknowledged and stored too: stored ≥ acknowledged in the measured run.
  check(row('PGlite', res, res.collect['2xx']));
}
const pg = await postgres(55449);
if (pg) {
  try {
    const res = await measure('PostgreSQL', pg.url, [18943, 18944]);
    check(row('PostgreSQL', res, res.collect['2xx']));
  } finally {
    pg.stop();
  }
} else {
  console.log('No PostgreSQL (set BENCH_DATABASE_URL or install postgresql): PostgreSQL run missing.');
  failed = true;
}
printTable(rows);
console.log(
  `${seconds} s per run, ${connections} connections; targets: ratio ≥ ${TARGET.ratio}, p99 < ${TARGET.p99} ms, zero errors`,
);
process.exitCode = failed ? 1 : 0;
