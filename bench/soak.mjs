// Memory under a long mixed load: collect hits, reports, API calls and logins against the built server,
// on PGlite and on PostgreSQL (BENCH_DATABASE_URL, or a throwaway cluster). Every 30 s it prints
// requests, errors and the memory of the server and database processes (from /proc: RSS, and their
// own part, without PostgreSQL's shared buffers); at the end, the growth per minute after warm-up
// (least squares over 5 s samples) of both, and of the own part of each; the check is on the own memory.
// Usage: npm run build && node bench/soak.mjs [minutes=10] [--max-slope=MB-per-minute] [--warmup=seconds]
//        [--only=pglite|postgres] [--together]
// With --max-slope the run fails when either backend grows faster (scripts/test.mjs runs it short).
import { readFileSync, rmSync } from 'node:fs';
import { createSite, hitFactory, postgres, withDatabase } from './collect-lib.mjs';
import { postgresPids, printTable, startServer, statusOf, tempDir } from './lib.mjs';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const minutes = Number(args.find((a) => !a.startsWith('--')) ?? 10);
const maxSlope = option('max-slope') === undefined ? undefined : Number(option('max-slope'));
const only = option('only');
/**
 * Both backends at the same time: in the minutes a short run has (CI), each gets a window after warm-up
 * twice as long as one after the other, so the heap's rise and fall between collections weighs half as
 * much in the slope.
 */
const together = args.includes('--together');
const basePort = Number(process.env.BENCH_PORT ?? 18971);
const pgPort = Number(process.env.PG_TEMP_PORT ?? 55451);
/** Requests in flight at once: a steady load, not a saturating one (the machine is shared in CI). */
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 6);
const SAMPLE_MS = 5_000;
const PRINT_MS = 30_000;
/** Warm-up, left out of the slope: caches, pools and the heap settle (default: a third, at most 3 minutes). */
const warmupMs =
  option('warmup') === undefined
    ? Math.min((minutes * 60_000) / 3, 180_000)
    : Number(option('warmup')) * 1000;
const PASSWORD = 'soak password 123';
/** Logins rotate over this many accounts, so the per-account login limit (30 in 15 min) is never reached. */
const LOGIN_ACCOUNTS = 30;

// ---------------------------------------------------------------- memory from /proc

/**
 * A process's resident memory in KiB: `rss` as /proc counts it, and `own`, the pages of its private
 * mappings (heap, stacks, written copies) that no other process shares. PostgreSQL's shared buffers live in one shared
 * mapping that every backend maps: a cache that fills up to its configured size as the tables grow.
 * Its pages are counted in each backend's RSS, and as "Private" in smaps while only one backend has
 * touched them, so neither RSS nor smaps_rollup's Private fields tell a leak from a filling cache.
 * A leak is memory of a process's own mappings that keeps growing, so the slope (and the check) is
 * taken on `own`; `shared` is the shared mappings' resident part, printed beside it.
 */
function memoryKb(pid) {
  try {
    const smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
    let rss = 0;
    let own = 0;
    let shared = 0;
    let privateMapping = true;
    for (const line of smaps.split('\n')) {
      const header = /^[0-9a-f]+-[0-9a-f]+ ([rwxsp-]{4}) /.exec(line);
      if (header) {
        privateMapping = header[1][3] === 'p';
        continue;
      }
      const field = /^(Rss|Private_Clean|Private_Dirty):\s+(\d+)/.exec(line);
      if (!field) continue;
      const kb = Number(field[2]);
      if (field[1] === 'Rss') {
        rss += kb;
        if (!privateMapping) shared += kb;
      } else if (privateMapping) own += kb;
    }
    return { rss, own, shared };
  } catch {
    const rss = Number(/^VmRSS:\s+(\d+)/m.exec(statusOf(pid))?.[1] ?? 0);
    return { rss, own: rss, shared: 0 };
  }
}

function memoryMb(pids) {
  const kb = pids.map(memoryKb);
  const sum = (key) => kb.reduce((n, m) => n + m[key], 0) / 1024;
  return { rss: sum('rss'), mb: sum('own'), shared: sum('shared') };
}

// ---------------------------------------------------------------- set-up

async function seed(dataDir, databaseUrl) {
  return withDatabase(dataDir, databaseUrl, async (services) => {
    const create = (username) =>
      services.users.create({
        username,
        email: `${username}@example.test`,
        password: PASSWORD,
        roles: ['user'],
      });
    const user = await create('soak');
    for (let i = 0; i < LOGIN_ACCOUNTS; i++) await create(`soak${i}`);
    return createSite(services, user.id, 'soak');
  });
}

// ---------------------------------------------------------------- the load

const REPORTS = [
  'overview?range=7d',
  'trend?range=7d',
  'content/page?range=today',
  'visitors/area?range=30d',
  'refer/domain?range=7d&compare=1',
  'visitor?range=today&limit=20',
  'online',
];

/** Signs in from a fresh address (the per-address limit is 20 a minute); the token, or why not. */
let address = 0;
async function login(url, username) {
  address += 1;
  const res = await fetch(`${url}/api/v1/api2/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${(address >> 8) & 255}.${address & 255}`,
    },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = await res.json();
  return body.data?.x_token ?? `login: ${res.status} ${body.message}`;
}

/** One request of the mix, chosen by its number: mostly hits, then reports, API calls, a few logins. */
function mix(url, key, siteId, token) {
  const hit = hitFactory(key, 2000);
  let n = 0;
  const headers = { 'x-token': token };
  return async () => {
    n += 1;
    if (n % 300 === 0) {
      const answer = await login(url, `soak${(n / 300) % LOGIN_ACCOUNTS}`);
      return answer.startsWith('login:') ? answer : true;
    }
    if (n % 10 < 6) {
      const h = hit();
      const res = await fetch(`${url}/api/collect`, { method: 'POST', headers: h.headers, body: h.body });
      await res.arrayBuffer();
      return res.status === 204 || `collect: ${res.status}`;
    }
    if (n % 10 < 9) {
      const report = REPORTS[n % REPORTS.length];
      const sep = report.includes('?') ? '&' : '?';
      const res = await fetch(`${url}/api/v1/api2/report/${report}${sep}site_id=${siteId}`, { headers });
      const body = await res.json();
      return (res.status === 200 && body.code === 200) || `${report}: ${res.status} ${body.message}`;
    }
    const calls = ['user/info', 'sites/fetch?page=1&limit=20', 'setting/public'];
    const call = calls[n % calls.length];
    const res = await fetch(`${url}/api/v1/api2/${call}`, {
      method: call === 'user/info' ? 'POST' : 'GET',
      headers: call === 'user/info' ? { ...headers, 'content-type': 'application/json' } : headers,
      body: call === 'user/info' ? '{}' : undefined,
    });
    const body = await res.json();
    return (res.status === 200 && body.code === 200) || `${call}: ${res.status} ${body.message}`;
  };
}

/** Least-squares slope of (ms, MB) samples, in MB per minute. */
function slopePerMinute(samples) {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((s, p) => s + p.t, 0) / n;
  const my = samples.reduce((s, p) => s + p.mb, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.t - mx) * (p.mb - my);
    den += (p.t - mx) ** 2;
  }
  return (num / den) * 60_000;
}

async function soak(backend, databaseUrl, port, dbPids) {
  const dataDir = tempDir(`tally-soak-${backend}-`);
  const { key, siteId } = await seed(dataDir, databaseUrl);
  const { child, url } = await startServer({
    LOG_LEVEL: 'fatal',
    PORT: String(port),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    CAPTCHA_ENABLED: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const counts = { requests: 0, errors: 0 };
  const token = await login(url, 'soak');
  if (token.startsWith('login:')) throw new Error(token);
  const next = mix(url, key, siteId, token);
  const started = Date.now();
  const until = started + minutes * 60_000;
  const worker = async () => {
    while (Date.now() < until && !exited) {
      counts.requests += 1;
      let outcome;
      try {
        outcome = await next();
      } catch (err) {
        outcome = String(err);
      }
      if (outcome === true) continue;
      counts.errors += 1;
      if (counts.errors <= 3) console.log(`${backend} error: ${outcome}`);
    }
  };
  const samples = [];
  const sample = () => {
    const server = memoryMb([child.pid]);
    const database = memoryMb(dbPids());
    samples.push({
      t: Date.now() - started,
      rss: server.rss + database.rss,
      mb: server.mb + database.mb,
      shared: server.shared + database.shared,
      server: server.mb,
      database: database.mb,
    });
  };
  sample();
  let lastPrint = 0;
  const timer = setInterval(() => {
    sample();
    const last = samples.at(-1);
    if (last.t - lastPrint >= PRINT_MS - 100) {
      lastPrint = last.t;
      console.log(
        `${backend} ${(last.t / 1000).toFixed(0).padStart(4)} s: ${counts.requests} requests, ${counts.errors} errors, RSS ${last.rss.toFixed(1)} MB, own ${last.mb.toFixed(1)} MB (server ${last.server.toFixed(1)}, database ${last.database.toFixed(1)}), shared ${last.shared.toFixed(1)} MB`,
      );
    }
  }, SAMPLE_MS);
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  clearInterval(timer);
  sample();

  const afterWarmup = samples.filter((s) => s.t >= warmupMs);
  const warm = afterWarmup[0] ?? samples.at(-1);
  const row = {
    backend,
    minutes,
    requests: counts.requests,
    errors: counts.errors + (exited ? 1 : 0),
    'RSS MB start / warm / end': [samples[0], warm, samples.at(-1)].map((s) => s.rss.toFixed(0)).join(' / '),
    'RSS MB/min': Number(slopePerMinute(afterWarmup.map((s) => ({ t: s.t, mb: s.rss }))).toFixed(2)),
    'own MB start / warm / end': [samples[0], warm, samples.at(-1)].map((s) => s.mb.toFixed(0)).join(' / '),
    'MB/min after warm-up': Number(slopePerMinute(afterWarmup).toFixed(2)),
    'of which server / database': [
      slopePerMinute(afterWarmup.map((s) => ({ t: s.t, mb: s.server }))),
      slopePerMinute(afterWarmup.map((s) => ({ t: s.t, mb: s.database }))),
    ]
      .map((slope) => slope.toFixed(2))
      .join(' / '),
  };
  if (exited) console.log(`${backend}: the server exited during the run`);
  await new Promise((resolve) => {
    if (exited) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
  return row;
}

/** Each backend's run, to start when asked (one after another, or with --together at once). */
const runs = [];
if (only !== 'postgres') runs.push(() => soak('PGlite', undefined, basePort, () => []));
const pg = only === 'pglite' ? undefined : await postgres(pgPort);
if (pg) {
  const port = Number(new URL(pg.url).port || 5432);
  runs.push(() => soak('PostgreSQL', pg.url, basePort + 1, () => postgresPids(port)));
} else if (only !== 'pglite')
  console.log('No PostgreSQL (set BENCH_DATABASE_URL or install postgresql): PostgreSQL run missing.');
const rows = [];
try {
  if (together) rows.push(...(await Promise.all(runs.map((run) => run()))));
  else for (const run of runs) rows.push(await run());
} finally {
  pg?.stop();
}
printTable(rows);
if (maxSlope !== undefined) {
  const bad = rows.filter((r) => r['MB/min after warm-up'] > maxSlope || r.errors > 0 || r.requests === 0);
  console.log(
    bad.length === 0
      ? `OK: every backend grows at most ${maxSlope} MB a minute after warm-up, without errors`
      : `FAILED: ${bad.map((r) => `${r.backend} ${r['MB/min after warm-up']} MB/min, ${r.errors} errors`).join('; ')} (limit ${maxSlope} MB/min)`,
  );
  process.exitCode = bad.length === 0 ? 0 : 1;
}
