// Short-link redirects under load: autocannon on GET /s/{code} against the built server, on PGlite and
// on PostgreSQL, beside a bare Fastify 302 measured in the same run. Prints requests/s, p50, p99,
// errors, the ratio to the bare route, and CPU per redirect (the server process plus the database's
// processes, from /proc, the clicks' batch writes included) as a multiple of the bare route's.
// Targets: CPU per redirect ≤ 3× bare, p99 < 20 ms, clicks stored = redirects answered.
//
//   npm run build && node bench/redirect.mjs [seconds=20] [connections=20]
import { readFileSync, rmSync } from 'node:fs';
import { shortLinkSaveBodySchema } from '@tally/contracts';
import { postgres, withDatabase } from './collect-lib.mjs';
import { postgresPids, printTable, run, startBare, startServer, tempDir } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 20);
const connections = Number(process.argv[3] ?? 20);
const basePort = Number(process.env.BENCH_PORT ?? 19620);
const pgPort = Number(process.env.PG_TEMP_PORT ?? 19625);
const CODE = 'bench';
const TICK_MS = 1000 / 100; // USER_HZ: /proc reports CPU time in hundredths of a second

// ---------------------------------------------------------------- CPU from /proc

/** utime + stime of a process and of its threads (PGlite runs on a thread of the server), in ms. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // After the command: state is field 3, utime 14 and stime 15 (1-based), so indexes 11 and 12 here.
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU of a set of processes found again at each reading (backends come and go). */
const cpuOf = (pidsNow) => () => pidsNow().reduce((ms, pid) => ms + cpuMs(pid), 0);

// ---------------------------------------------------------------- load

const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
];
const REFERRERS = [
  '',
  'https://www.baidu.com/s?wd=tally',
  'https://weibo.com/u/1',
  'https://example.org/post',
];
const PREFIXES = ['61.135.169', '202.96.134', '183.60.92', '223.5.5', '8.8.8'];

/** Browsers from varied addresses and referrers, so every click takes the whole enrichment. */
function requests(url) {
  let n = 0;
  return [
    {
      method: 'GET',
      path: new URL(url).pathname,
      setupRequest(req) {
        n += 1;
        req.headers = {
          'user-agent': UAS[n % UAS.length],
          'x-forwarded-for': `${PREFIXES[n % PREFIXES.length]}.${1 + (n % 250)}`,
          ...(REFERRERS[n % REFERRERS.length] ? { referer: REFERRERS[n % REFERRERS.length] } : {}),
        };
        return req;
      },
    },
  ];
}

/**
 * A warm-up and a probe of fixed amounts set the pace; the measured run then sends that many requests
 * per second for `seconds`, also as a fixed amount, so every request is answered before autocannon stops (a timed
 * run drops the answers still in flight at its end, which the server did count as clicks).
 */
async function measure(name, url, cpu, settle = async () => undefined, dbCpu = () => 0) {
  const warm = await run({ url, connections, amount: 3000, requests: requests(url) });
  // The pace once warm (the first requests also pay for compiling the hot path): probes of about 1, 2
  // and 4 seconds at the pace the previous one found, as a short one under-reads a fast route.
  // autocannon reports whole seconds, so the clock here times them.
  let probed = 0;
  let perSecond = 10_000;
  for (const probeSeconds of [1, 2, 4]) {
    const started = performance.now();
    const amount = Math.round(perSecond * probeSeconds);
    const probe = await run({ url, connections, amount, requests: requests(url) });
    perSecond = probe.requests.total / ((performance.now() - started) / 1000);
    probed += probe['3xx'];
  }
  const amount = Math.max(1000, Math.round(perSecond * seconds));
  const before = cpu();
  const dbBefore = dbCpu();
  const started = performance.now();
  const res = await run({ url, connections, amount, requests: requests(url) });
  const took = (performance.now() - started) / 1000;
  await settle();
  const used = cpu() - before;
  const dbUsed = dbCpu() - dbBefore;
  const answered = res['3xx'];
  return {
    row: {
      name,
      rps: Math.round(res.requests.total / took),
      seconds: Number(took.toFixed(1)),
      p50: res.latency.p50,
      p99: res.latency.p99,
      errors: res.errors + res.timeouts + (res.non2xx - res['3xx']),
      'cpu µs/req': Number(((used / Math.max(1, res.requests.total)) * 1000).toFixed(1)),
      'db µs/req': Number(((dbUsed / Math.max(1, res.requests.total)) * 1000).toFixed(1)),
    },
    answered: warm['3xx'] + probed + answered,
    cpuPerRequest: used / Math.max(1, res.requests.total),
  };
}

async function seedLink(dataDir, databaseUrl) {
  await withDatabase(dataDir, databaseUrl, (services) =>
    services.shortLinks.save(
      shortLinkSaveBodySchema.parse({ code: CODE, target: 'https://example.com/landing' }),
      {
        userId: null,
        ip: '127.0.0.1',
      },
    ),
  );
}

async function storedClicks(dataDir, databaseUrl) {
  return withDatabase(dataDir, databaseUrl, async (_services, db) => {
    const [row] = await db.query(
      `select clicks, (select sum(clicks) from short_link_daily d where d.link_id = l.id and d.dim = 'total') as stored
       from short_links l where code = $1`,
      [CODE],
    );
    return { clicks: Number(row.clicks), rows: Number(row.stored) };
  });
}

async function backend(name, port, databaseUrl, dbPids) {
  const dataDir = tempDir('tally-bench-redirect-');
  try {
    await seedLink(dataDir, databaseUrl);
    const server = await startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    let result;
    try {
      const cpu = cpuOf(() => [server.child.pid, ...dbPids()]);
      // Batches are written every few milliseconds; a second lets the last one commit inside the reading.
      const settle = () => new Promise((r) => setTimeout(r, 1000));
      result = await measure(name, `${server.url}/s/${CODE}`, cpu, settle, cpuOf(dbPids));
    } finally {
      await server.stop();
    }
    const stored = await storedClicks(dataDir, databaseUrl);
    return { ...result, stored };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare route, measured right before each backend: the machine's load drifts during a run. */
async function bareRun() {
  const bare = await startBare(basePort + 1, 302);
  try {
    return await measure(
      'bare Fastify 302',
      bare.url,
      cpuOf(() => [bare.pid]),
    );
  } finally {
    await bare.stop();
  }
}

const pairs = [[await bareRun(), await backend('/s/{code} PGlite', basePort, undefined, () => [])]];
const cluster = await postgres(pgPort);
if (cluster) {
  try {
    const bare = await bareRun();
    pairs.push([
      bare,
      await backend('/s/{code} PostgreSQL', basePort + 2, cluster.url, () => postgresPids(pgPort)),
    ]);
  } finally {
    cluster.stop();
  }
} else console.log('PostgreSQL not installed: PGlite only');

const rows = [];
let failed = false;
for (const [bare, r] of pairs) {
  const ratio = r.row.rps / bare.row.rps;
  const cpuX = r.cpuPerRequest / bare.cpuPerRequest;
  const exact = r.stored.clicks === r.answered && r.stored.rows === r.answered;
  rows.push(bare.row, {
    ...r.row,
    'rps / bare': Number(ratio.toFixed(2)),
    'cpu / bare': Number(cpuX.toFixed(2)),
    answered: r.answered,
    'clicks stored': r.stored.clicks,
  });
  if (cpuX > 3 || r.row.p99 >= 20 || !exact || r.row.errors > 0) failed = true;
}
printTable(rows);
console.log(
  `targets: CPU per redirect ≤ 3× bare, p99 < 20 ms, clicks stored = redirects answered: ${failed ? 'MISSED' : 'met'}`,
);
process.exitCode = failed ? 1 : 0;
