// 用户管理 at scale (issue 15): 1,000,000 users generated in SQL on PostgreSQL, then the admin list with a
// keyword search (part of an email) and a sort, over HTTP on the built server. Prints p50/p99 with the
// trigram indexes and, measured in the same run on the same rows, without them (the ratio), plus CPU
// per request (server + PostgreSQL processes, from /proc). Target: p50 < 50 ms with the indexes.
// Usage: npm run build && BENCH_DATABASE_URL=postgres://… node bench/users.mjs [users] [requests]
//        (without BENCH_DATABASE_URL a throwaway cluster is started when PostgreSQL is installed)
import { rmSync } from 'node:fs';
import { postgres, withDatabase } from './collect-lib.mjs';
import { cpuMs, postgresPids, startServer, tempDir } from './lib.mjs';

const USERS = Number(process.argv[2] ?? 1_000_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const PASSWORD = 'bench admin password';
const port = Number(process.env.BENCH_PORT ?? 19220);
const TRGM = ['users_email_trgm_idx', 'users_username_trgm_idx', 'users_invite_code_trgm_idx'];

const pg = await postgres(port + 1);
if (!pg) throw new Error('bench/users.mjs needs PostgreSQL: set BENCH_DATABASE_URL');
const dataDir = tempDir('tally-bench-users-');

/** Rows like real sign-ups: mixed mail domains, a random-looking local part, balances on some. */
const GENERATE = `
  insert into users (username, email, password_hash, roles, status, invite_code, balance, created_at, last_login_at)
  select 'u' || substr(md5(g::text), 1, 6) || g,
         substr(md5(g::text), 7, 8) || '.' || g || '@' || (array['gmail.com','qq.com','163.com','outlook.com','example.org'])[1 + g % 5],
         'x', case when g % 97 = 0 then '{user,article_editor}'::text[] else '{user}'::text[] end,
         case when g % 50 = 0 then 'banned' else 'active' end,
         'B' || upper(lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0')),
         case when g % 3 = 0 then (g % 1000) * 1000000 else 0 end,
         now() - (g || ' minutes')::interval,
         case when g % 4 = 0 then null else now() - (g || ' seconds')::interval end
  from generate_series(1, $1::int) g
  on conflict do nothing`;

const keywords = await withDatabase(dataDir, pg.url, async (services, db) => {
  await db.query('drop table if exists bench_done');
  const [{ n }] = await db.query('select count(*)::int as n from users');
  if (n < USERS) {
    // Rows first, indexes after (as a restore would): building a GIN index once beats 1M inserts into it.
    for (const name of TRGM) await db.query(`drop index if exists ${name}`);
    const started = Date.now();
    await db.query(GENERATE, [USERS]);
    console.log(`generated ${USERS} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await services.users.upsertAccount({
    email: 'bench-admin@example.test',
    password: PASSWORD,
    roles: ['admin'],
    username: 'benchadmin',
  });
  await db.query('analyze users');
  // Part of the email of users spread over the table: 8 characters of their local part.
  const rows = await db.query(
    `select substr(email, 3, 8) as k from users where id % ${Math.max(1, Math.floor(USERS / 50))} = 7 limit 50`,
  );
  return rows.map((r) => r.k);
});

const server = await startServer({
  DATABASE_URL: pg.url,
  DATA_DIR: dataDir,
  PORT: String(port),
  CAPTCHA_ENABLED: 'false',
  LOG_LEVEL: 'fatal',
});

async function login() {
  const res = await fetch(`${server.url}/api/v1/api2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'benchadmin', password: PASSWORD }),
  });
  const body = await res.json();
  if (!body.data?.x_token) throw new Error(`login: ${JSON.stringify(body)}`);
  return body.data.x_token;
}

/** `count` list calls one after another, each with the next keyword; latencies and CPU per request. */
async function measure(token, count) {
  const pgPort = new URL(pg.url).port;
  const pids = [server.child.pid, ...postgresPids(pgPort)];
  const before = new Map(pids.map((p) => [String(p), cpuMs(p)]));
  const times = [];
  let found = 0;
  for (let i = 0; i < count; i++) {
    const keyword = keywords[i % keywords.length];
    const started = performance.now();
    const res = await fetch(
      `${server.url}/api/v1/admin/user/fetch?keyword=${keyword}&sort=-created_at&limit=20`,
      {
        headers: { 'x-token': token, 'x-random': String(Math.random()) },
      },
    );
    const body = await res.json();
    times.push(performance.now() - started);
    if (body.code !== 200) throw new Error(`list: ${JSON.stringify(body).slice(0, 300)}`);
    found += body.data.total;
  }
  // Backends started during the run count from 0; one that ended is left out (its time is gone with it).
  let cpu = 0;
  for (const p of new Set([...pids, ...postgresPids(pgPort)].map(String))) {
    const spent = cpuMs(p) - (before.get(p) ?? 0);
    if (Number.isFinite(spent)) cpu += spent;
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99), cpuMsPerRequest: cpu / count, avgRows: found / count };
}

async function sql(statement) {
  await withDatabase(tempDir('tally-bench-users-sql-'), pg.url, (_s, db) => db.query(statement));
}

try {
  const token = await login();
  await measure(token, 5); // warm-up
  // Without the trigram indexes: the same query on the same rows reads the whole table.
  for (const name of TRGM) await sql(`drop index if exists ${name}`);
  const without = await measure(token, Math.min(REQUESTS, 10));
  const built = Date.now();
  await sql(`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`);
  await sql(`create index users_username_trgm_idx on users using gin (username gin_trgm_ops)`);
  await sql(`create index users_invite_code_trgm_idx on users using gin (invite_code gin_trgm_ops)`);
  await sql('analyze users');
  const buildSec = (Date.now() - built) / 1000;
  await measure(token, 5);
  const withIndex = await measure(token, REQUESTS);
  const fmt = (r) => ({
    'p50 ms': r.p50.toFixed(1),
    'p99 ms': r.p99.toFixed(1),
    'CPU ms/request (server + PostgreSQL)': r.cpuMsPerRequest.toFixed(1),
    'avg matches': r.avgRows.toFixed(1),
  });
  console.log(`users: ${USERS}; list: keyword = 8 characters of an email, sort=-created_at, limit=20`);
  console.table({ 'with trigram indexes': fmt(withIndex), 'without (same run)': fmt(without) });
  console.log(`trigram indexes built in ${buildSec.toFixed(1)} s`);
  console.log(`ratio: without / with = ${(without.p50 / withIndex.p50).toFixed(1)}x (p50)`);
  const ok = withIndex.p50 < 50;
  console.log(ok ? 'target p50 < 50 ms: met' : 'target p50 < 50 ms: MISSED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
