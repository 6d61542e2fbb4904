// 队列监控 at scale on PostgreSQL: 1,000,000 jobs across 10 queues written straight into pg-boss's
// tables (generate_series), then the monitor's counts call and a page of failed jobs over HTTP against
// the built server. Baselines in the same run: a bare authenticated call (an empty audit page) and the
// naive way to count, one count(*) per queue and state (60 queries). CPU per request is the server's
// plus the database's processes, from /proc.
// Usage: npm run build && node bench/queue-monitor.mjs
//   (BENCH_DATABASE_URL, or PG_TEMP_PORT for a throwaway cluster; BENCH_JOBS, BENCH_REPS, BENCH_PORT)
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { benchDatabase, postgres, withDatabase } from './collect-lib.mjs';
import { printTable, startServer, tempDir } from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const QUEUES = 10;
const REPS = Number(process.env.BENCH_REPS ?? 40);
const TARGET_MS = 100;
const PORT = Number(process.env.BENCH_PORT ?? 19520);
const STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];
const log = (msg) => console.log(msg);
/** The cluster's port, for its processes in /proc. */
let PG_PORT = 0;

const p50 = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor((sorted.length - 1) / 2)] * 10) / 10;
};

/**
 * CPU time (user + system) in ms from /proc (clock ticks of 10 ms): the process's own, or with
 * `reaped` that of its children that ended (the postmaster's parallel workers and closed backends).
 */
function cpuMs(pid, reaped = false) {
  const at = reaped ? 13 : 11;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[at]) + Number(fields[at + 1])) * 10;
  } catch {
    return 0;
  }
}

/** The postmaster listening on `port` and its backends (the set changes as connections come and go). */
function postgresPids(port) {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const cmd = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      return [];
    }
  };
  const master = pids.find((pid) => {
    const c = cmd(pid);
    return c[0]?.endsWith('postgres') && c[c.indexOf('-p') + 1] === String(port);
  });
  if (!master) return [];
  const parent = (pid) => {
    try {
      return /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    } catch {
      return undefined;
    }
  };
  return [master, ...pids.filter((pid) => parent(pid) === master)];
}

/** Milliseconds of each of `reps` sequential runs of `fn` after warm-up, and the CPU they cost. */
async function time(reps, fn, serverPid) {
  for (let i = 0; i < 3; i++) await fn();
  // Live processes' CPU plus what the postmaster reaped from children that ended meanwhile; a
  // backend that ends during the run would otherwise take its whole CPU out of the sum.
  const cpu = () => {
    const [master, ...backends] = postgresPids(PG_PORT);
    const live = [serverPid, master, ...backends].filter(Boolean);
    return live.reduce((sum, pid) => sum + cpuMs(pid), 0) + (master ? cpuMs(master, true) : 0);
  };
  const cpuBefore = cpu();
  const out = [];
  for (let i = 0; i < reps; i++) {
    const started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return { times: out, cpuPerCall: (cpu() - cpuBefore) / reps };
}

/** 10 queues and JOBS jobs in pg-boss's own tables, states as a busy day leaves them. */
async function generateJobs(db) {
  for (let q = 0; q < QUEUES; q++) {
    await db.query(`select pgboss.create_queue($1, $2)`, [
      `bench.q${q}`,
      JSON.stringify({ policy: 'standard', retryLimit: 3, retryDelay: 30, retryBackoff: true }),
    ]);
  }
  // Per 100 jobs: 80 completed, 8 created, 4 failed, 3 retry, 2 active, 3 cancelled; created over 24 h.
  await db.query(`
    insert into pgboss.job (id, name, data, state, retry_limit, retry_count, created_on, started_on,
      completed_on, output, policy, keep_until)
    select gen_random_uuid(), 'bench.q' || (i % ${QUEUES}),
      jsonb_build_object('order', i, 'customer', 'customer-' || (i % 5000), 'amount', i % 997),
      s.state::pgboss.job_state, 3,
      case when s.state in ('failed', 'retry') then 3 else 0 end,
      t.at, case when s.state <> 'created' then t.at + interval '1 second' end,
      case when s.state in ('completed', 'failed', 'cancelled') then t.at + interval '3 seconds' end,
      case when s.state in ('failed', 'retry')
        then jsonb_build_object('name', 'Error', 'message', 'gateway timeout for order ' || i,
          'stack', 'Error: gateway timeout for order ' || i || E'\\n    at deliver (orders.js:42:11)')
      end,
      'standard', now() + interval '14 days'
    from generate_series(1, ${JOBS}) i
    cross join lateral (select case
      when (i / ${QUEUES}) % 100 < 80 then 'completed' when (i / ${QUEUES}) % 100 < 88 then 'created' when (i / ${QUEUES}) % 100 < 92 then 'failed'
      when (i / ${QUEUES}) % 100 < 95 then 'retry' when (i / ${QUEUES}) % 100 < 97 then 'active' else 'cancelled' end as state) s
    cross join lateral (select now() - (i % 86400) * interval '1 second' as at) t`);
  await db.query('vacuum analyze pgboss.job');
}

async function main() {
  const cluster = await postgres(Number(process.env.PG_TEMP_PORT ?? 19551));
  if (!cluster) throw new Error('no PostgreSQL: install it or set BENCH_DATABASE_URL');
  PG_PORT = Number(new URL(cluster.url).port || 5432);
  const database = await benchDatabase(cluster.url, 'tally_bench_queue');
  const databaseUrl = database.url;
  const dataDir = tempDir('tally-bench-queue-');
  const raw = new pg.Pool({ connectionString: databaseUrl, max: 4, options: '-c jit=off' });
  let server;
  try {
    const token = await withDatabase(dataDir, databaseUrl, async (services) => {
      const user = await services.users.create({
        username: 'benchadmin',
        email: 'benchadmin@example.test',
        password: 'bench password 1',
        roles: ['admin'],
      });
      return services.sessions.open({ kind: 'user', userId: user.id });
    });
    // ROLE=serve: no workers and no pg-boss maintenance, so nothing archives or runs the bench's jobs.
    server = await startServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      ROLE: 'serve',
    });
    log(`generating ${JOBS} jobs in ${QUEUES} queues…`);
    const started = Date.now();
    await generateJobs(raw);
    log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const api = async (path) => {
      const res = await fetch(`${server.url}${path}`, {
        headers: { 'x-token': token, 'x-random': String(Math.random()) },
      });
      const body = await res.json();
      if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return body.data;
    };
    const naiveCounts = async () => {
      const counts = {};
      for (let q = 0; q < QUEUES; q++)
        for (const state of STATES) {
          const { rows } = await raw.query(
            'select count(*)::int as n from pgboss.job where name = $1 and state = $2',
            [`bench.q${q}`, state],
          );
          counts[`bench.q${q}:${state}`] = rows[0].n;
        }
      return counts;
    };

    // The monitor's counts must equal the naive counts before their speeds are compared.
    const queues = await api('/api/v1/admin/queue/queues');
    const naive = await naiveCounts();
    // Every state is exact except `completed` of a large queue, the planner's estimate: within 5 %.
    const bench = queues.list.filter((q) => q.name.startsWith('bench.'));
    const same = bench.every((q) =>
      STATES.every((s) =>
        s === 'completed' && q.completed_estimated
          ? Math.abs(q.counts[s] - naive[`${q.name}:${s}`]) <= 0.05 * naive[`${q.name}:${s}`]
          : q.counts[s] === naive[`${q.name}:${s}`],
      ),
    );
    const worst = Math.max(
      ...bench.map((q) => Math.abs(q.counts.completed / naive[`${q.name}:completed`] - 1)),
    );
    const total = bench.reduce((n, q) => n + q.total, 0);
    if (!same) throw new Error('the monitor counts differ from count(*)');
    const failedPage = await api('/api/v1/admin/queue/fetch?queue=bench.q3&state=failed&page=1&limit=20');
    if (failedPage.list.length !== 20 || failedPage.list.some((j) => j.state !== 'failed'))
      throw new Error('the failed page is wrong');

    const pids = String(server.child.pid);
    const bare = await time(REPS, () => api('/api/v1/admin/audit/fetch?limit=1'), pids);
    const counts = await time(REPS, () => api('/api/v1/admin/queue/queues'), pids);
    const failed = await time(
      REPS,
      () => api('/api/v1/admin/queue/fetch?queue=bench.q3&state=failed&page=1&limit=20'),
      pids,
    );
    const failedDeep = await time(
      REPS,
      () => api('/api/v1/admin/queue/fetch?queue=bench.q3&state=failed&page=100&limit=20'),
      pids,
    );
    const searched = await time(
      REPS,
      () => api('/api/v1/admin/queue/fetch?queue=bench.q3&keyword=customer-4213&page=1&limit=20'),
      pids,
    );
    const naiveTimes = await time(Math.max(3, Math.round(REPS / 8)), naiveCounts, undefined);

    const row = (name, m, target) => ({
      call: name,
      'p50 ms': p50(m.times),
      '× bare call': Math.round((p50(m.times) / p50(bare.times)) * 10) / 10,
      'naive count(*) / this': name.startsWith('counts')
        ? Math.round((p50(naiveTimes.times) / p50(m.times)) * 10) / 10
        : '',
      'CPU ms/req (server+db)': Math.round(m.cpuPerCall * 10) / 10,
      target: target ? `< ${target} ms` : '',
      ok: target ? (p50(m.times) < target ? 'yes' : 'NO') : '',
    });
    log(
      `\n${total} jobs in ${queues.list.length} queues, PostgreSQL; ${REPS} sequential calls each; counts match count(*): ${same} (completed estimated within ${(worst * 100).toFixed(2)} %)`,
    );
    printTable([
      row('bare authenticated call (audit page)', bare),
      row('counts of every queue by state', counts, TARGET_MS),
      row('failed jobs, page 1', failed, TARGET_MS),
      row('failed jobs, page 100', failedDeep),
      row('search in data, page 1', searched),
      row('naive: 60 × count(*) (db only)', naiveTimes),
    ]);
    process.exitCode = p50(counts.times) < TARGET_MS && p50(failed.times) < TARGET_MS ? 0 : 1;
  } finally {
    // The server first: it holds connections the drop would otherwise cut under it.
    await server?.stop();
    await raw.end();
    await database.drop();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
