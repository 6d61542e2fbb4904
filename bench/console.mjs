// The admin console on PostgreSQL at scale: 1,000,000 users, 50,000 sessions, 5,000 sites with 90 days of
// daily rollups (about 5M rows) and 100,000 audit rows, all generated in SQL. Then GET the console over
// HTTP against the built server, beside two baselines measured in the same run: a bare authenticated call
// (user/info) and the same figures computed naively in SQL (counts and sums over the whole tables, days
// grouped by expression). Prints p50s, ratios and CPU per request (server + database, from /proc).
// Usage: npm run build && node bench/console.mjs   (BENCH_USERS, BENCH_SITES, BENCH_REPS, BENCH_DATABASE_URL)
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { microToUsdt } from '@tally/contracts';
import pg from 'pg';
import { postgres, withDatabase } from './collect-lib.mjs';
import { printTable, startServer, tempDir } from './lib.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const SITES = Number(process.env.BENCH_SITES ?? 5_000);
const DAYS = 90;
const REPS = Number(process.env.BENCH_REPS ?? 60);
const TARGET_MS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 19320);
const DB = 'tally_bench_console';
const log = (msg) => console.log(msg);

// Users over three years, busier lately (the square root bunches them towards today); one in twenty
// holds a balance. Sessions: 50,000, three in five still valid. Sites in a few zones.
const GENERATE = [
  `insert into users (username, email, password_hash, roles, invite_code, balance, commission_balance, created_at)
   select 'bench' || n, 'bench' || n || '@example.test', 'x', '{user}', 'B' || n,
          case when n % 20 = 0 then (n % 997) * 1000000 + n % 1000000 else 0 end,
          case when n % 40 = 0 then (n % 113) * 10000 else 0 end,
          now() - (1 - sqrt(n::float8 / ${USERS})) * interval '1095 days'
     from generate_series(1, ${USERS}) n`,
  `insert into sessions (token_hash, kind, user_id, expires_at, created_at, last_seen_at)
   select 'bench' || n, 'user', 1 + (n * 7919) % ${USERS}, now() + ((n % 5) - 2) * interval '1 day', now(), now()
     from generate_series(1, 50000) n`,
  `insert into sites (user_id, name, domains, timezone, tracking_key)
   select 1 + (n * 104729) % ${USERS}, 'site ' || n, array['s' || n || '.example'],
          (array['Asia/Shanghai','Asia/Shanghai','Asia/Shanghai','Asia/Tokyo','Europe/London','America/New_York'])[1 + n % 6],
          'bench-key-' || n
     from generate_series(1, ${SITES}) n`,
  // Seven days in ten have traffic; each such day has its site total and 15 rows of other dimensions.
  `insert into rollup_daily (site_id, day, dim, key, pv, uv, ip, visits, new_visitors, bounces, duration_ms, entries, exits)
   select s.id, (now() at time zone s.timezone)::date - d, x.dim, x.key,
          10 + (s.id * 31 + d * 17) % 900, 5, 5, 5, 1, 1, 1000, 0, 0
     from sites s
    cross join generate_series(0, ${DAYS - 1}) d
    cross join lateral (values ('site', '')) x(dim, key)
    where (s.id * 7 + d * 3) % 10 < 7
   union all
   select s.id, (now() at time zone s.timezone)::date - d, 'page', '/p' || k, 1 + k, 1, 1, 1, 0, 0, 0, 0, 0
     from sites s
    cross join generate_series(0, ${DAYS - 1}) d
    cross join generate_series(1, 15) k
    where (s.id * 7 + d * 3) % 10 < 7`,
  `insert into audit_log (actor_id, action, target, ip, before, after, created_at)
   select 1 + n % 100, (array['settings.update','articles.update','files.upload'])[1 + n % 3], 'bench:' || n,
          '10.0.' || (n % 250) || '.' || (n % 200), '{"a":1}', '{"a":2}', now() - n * interval '1 minute'
     from generate_series(1, 100000) n`,
];

/** The same figures with no help: whole-table counts and sums, days grouped by an expression. */
const NAIVE_SQL = `
select
  (select count(*) from users)::bigint as users_total,
  (select count(*) from users where (created_at at time zone 'Asia/Shanghai')::date = (now() at time zone 'Asia/Shanghai')::date)::int as users_today,
  (select count(*) from sessions where expires_at > now())::int as sessions_active,
  (select count(*) from sites)::int as sites_total,
  (select coalesce(sum(r.pv), 0) from rollup_daily r join sites s on s.id = r.site_id
    where r.dim = 'site' and r.day = (now() at time zone s.timezone)::date)::bigint as events_today,
  (select sum(balance + commission_balance) from users)::text as balances_held,
  (select array_agg(n order by day) from (
     select (created_at at time zone 'Asia/Shanghai')::date as day, count(*)::int as n from users
      where (created_at at time zone 'Asia/Shanghai')::date > (now() at time zone 'Asia/Shanghai')::date - 30
      group by 1) u) as new_users,
  (select array_agg(pv order by day) from (
     select r.day, sum(r.pv)::bigint as pv from rollup_daily r
      where r.dim = 'site' and r.day > (now() at time zone 'Asia/Shanghai')::date - 30 group by 1) e) as events`;

const p50 = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor((sorted.length - 1) / 2)] * 10) / 10;
};

/** CPU time (user + system) of processes so far, in ms (clock ticks of 10 ms). */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10;
}

/** The postmaster of the cluster a connection reaches and every process it started (a local cluster). */
async function databasePids(client) {
  const [{ pid }] = (await client.query('select pg_backend_pid() as pid')).rows;
  const parent = (p) => Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  const postmaster = parent(pid);
  const children = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return parent(p) === postmaster;
      } catch {
        return false;
      }
    });
  return [String(postmaster), ...children];
}

/** Milliseconds of each of `reps` sequential runs of `fn`, after warm-up runs, and the CPU they took. */
async function measure(reps, fn, pids) {
  for (let i = 0; i < 5; i++) await fn();
  const cpuBefore = cpuMs(pids());
  const out = [];
  for (let i = 0; i < reps; i++) {
    const started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return { times: out, cpuPerCall: (cpuMs(pids()) - cpuBefore) / reps };
}

async function main() {
  const cluster = await postgres(Number(process.env.PG_TEMP_PORT ?? 55440));
  if (!cluster) throw new Error('no PostgreSQL: install it or set BENCH_DATABASE_URL');
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${DB}`;
  const databaseUrl = url.toString();
  const dataDir = tempDir('tally-bench-console-');
  let server;
  const raw = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
  try {
    const started = performance.now();
    const token = await withDatabase(dataDir, databaseUrl, async (services, db) => {
      for (const [i, statement] of GENERATE.entries()) {
        await db.query(statement);
        log(
          `  generated part ${i + 1}/${GENERATE.length} (${Math.round((performance.now() - started) / 1000)} s)`,
        );
      }
      const user = await services.users.create({
        username: 'benchadmin',
        email: 'benchadmin@example.test',
        password: 'bench password 1',
        roles: ['admin'],
      });
      // What autovacuum would soon do on its own: statistics and visibility maps for the planner.
      for (const table of ['users', 'sessions', 'sites', 'rollup_daily', 'audit_log', 'user_counts'])
        await db.query(`vacuum analyze ${table}`);
      return services.sessions.open({ kind: 'user', userId: user.id });
    });
    await raw.connect();
    const [sizes] = (
      await raw.query(`select (select count(*) from users) as users, (select count(*) from rollup_daily) as rollups,
                              (select count(*) from sites) as sites, (select count(*) from sessions) as sessions`)
    ).rows;
    log(`data ready in ${Math.round((performance.now() - started) / 1000)} s: ${JSON.stringify(sizes)}`);

    server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(PORT) });
    const headers = { 'x-token': token, 'x-random': '1' };
    const api = async (method, path) => {
      const res = await fetch(`${server.url}${path}`, { method, headers });
      const body = await res.json();
      if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body).slice(0, 300)}`);
      return body.data;
    };
    const consoleCall = () => api('GET', '/api/v1/admin/console/fetch');
    const bareCall = () => api('POST', '/api/v1/api2/user/info');
    const naive = async () => (await raw.query(NAIVE_SQL)).rows[0];

    // The console's figures and the naive SQL must agree before their speeds are compared.
    const data = await consoleCall();
    const expected = await naive();
    const value = (key) => data.figures.find((f) => f.key === key).value;
    const checks = {
      users_total: [value('users_total'), Number(expected.users_total)],
      users_today: [value('users_today'), expected.users_today],
      sessions_active: [value('sessions_active'), expected.sessions_active],
      sites_total: [value('sites_total'), expected.sites_total],
      events_today: [value('events_today'), Number(expected.events_today)],
      new_users_30d: [
        data.new_users.reduce((a, b) => a + b, 0),
        expected.new_users.reduce((a, b) => a + b, 0),
      ],
      events_30d: [
        data.events.reduce((a, b) => a + b, 0),
        expected.events.map(Number).reduce((a, b) => a + b, 0),
      ],
    };
    checks.balances_held = [value('balances_held'), microToUsdt(BigInt(expected.balances_held))];
    const mismatched = Object.entries(checks).filter(([, [a, b]]) => String(a) !== String(b));
    log(`figures: ${JSON.stringify(Object.fromEntries(Object.entries(checks).map(([k, [a]]) => [k, a])))}`);
    if (mismatched.length) throw new Error(`console and naive SQL differ: ${JSON.stringify(mismatched)}`);

    const serverPid = String(server.child.pid);
    const dbPids = await databasePids(raw);
    const everything = () => [serverPid, ...dbPids];
    const consoleRun = await measure(REPS, consoleCall, everything);
    const bareRun = await measure(REPS, bareCall, everything);
    const naiveRun = await measure(Math.max(3, Math.round(REPS / 10)), naive, () => dbPids);

    const row = (name, run, target) => ({
      call: name,
      'p50 ms': p50(run.times),
      'CPU ms / call (server + db)': Math.round(run.cpuPerCall * 10) / 10,
      target: target ? `< ${target} ms` : '',
      ok: target ? (p50(run.times) < target ? 'yes' : 'NO') : '',
    });
    log(
      `\n${sizes.users} users, ${sizes.sites} sites, ${sizes.rollups} daily rollup rows, ${sizes.sessions} sessions; PostgreSQL; ${REPS} sequential calls`,
    );
    printTable([
      row('GET console (HTTP, every figure)', consoleRun, TARGET_MS),
      row('baseline: bare authenticated call (user/info)', bareRun),
      row('baseline: the same figures, naive SQL (no HTTP)', naiveRun),
    ]);
    log(
      `console / bare call: ${(p50(consoleRun.times) / p50(bareRun.times)).toFixed(2)}×; naive SQL / console: ${(p50(naiveRun.times) / p50(consoleRun.times)).toFixed(1)}×`,
    );
    process.exitCode = p50(consoleRun.times) < TARGET_MS ? 0 : 1;
  } finally {
    await raw.end().catch(() => undefined);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // BENCH_KEEP=1 leaves the database for EXPLAIN.
    if (!process.env.BENCH_KEEP) {
      const cleanup = new pg.Client({ connectionString: cluster.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${DB} with (force)`);
      await cleanup.end();
      cluster.stop();
    }
  }
}

await main();
