// Memory under a long mixed load: collect hits, reports, API calls, logins and money (plans bought and
// renewed from the balance, withdrawals asked for and decided by an admin) against the built server,
// on PGlite and on PostgreSQL (BENCH_DATABASE_URL, or a throwaway cluster). Every 30 s it prints
// requests, errors and the memory of the server and database processes (from /proc: RSS, and their
// own part, without PostgreSQL's shared buffers); at the end, the growth per minute after warm-up
// (least squares over 5 s samples) of both, and of the own part of each; the check is on the own memory.
// Then the requests by kind, and whether every balance still equals the sum of its ledger entries.
// Usage: npm run build && node bench/soak.mjs [minutes=10] [--max-slope=MB-per-minute] [--warmup=seconds]
//        [--only=pglite|postgres] [--together]
// With --max-slope the run fails when either backend grows faster (scripts/test.mjs runs it short).
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import {
  ADMIN_ORDER_PATHS,
  ADMIN_PLAN_PATHS,
  ADMIN_USER_PATHS,
  BILLING_PATHS,
  ERROR,
  FINANCE_PATHS,
  formatMicros,
  parseMicros,
  SETTINGS_PATHS,
  tronAddressFromBytes,
  WALLET_PATHS,
} from '@tally/contracts';
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
/**
 * Accounts that buy plans and withdraw: each is used by one request chain at a time (as one person
 * would), so its balance and its one pending order are known; two more than there are workers, so one is
 * always free.
 */
const PAYERS = CONCURRENCY + 2;
const USDT = 1_000_000n;
/** The plan the payers buy monthly: each renewal adds a month to the expiry. */
const PLAN = {
  name_zh: '压测版',
  name_en: 'Soak',
  prices: { month: '10', year: '100' },
  limits: { sites: 5, monthly_pageviews: 1_000_000, bots: 3, retention_days: 365 },
};
/** The withdrawal terms the soak sets at its start (min and fee as the defaults; no daily limit). */
const WITHDRAWAL_SETTINGS = { withdrawal_min: '10', withdrawal_fee: '1', withdrawal_daily_limit: '0' };
const WITHDRAWAL_FEE = parseMicros(WITHDRAWAL_SETTINGS.withdrawal_fee);
/** An admin credits this much whenever a payer's known balance falls below what the next step needs. */
const TOP_UP = 500n * USDT;
/** A valid TRC20 address nobody owns (withdrawals are never paid out here). */
const WITHDRAW_TO = tronAddressFromBytes(randomBytes(20));

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
    const create = (username, roles = ['user']) =>
      services.users.create({ username, email: `${username}@example.test`, password: PASSWORD, roles });
    const user = await create('soak');
    for (let i = 0; i < LOGIN_ACCOUNTS; i++) await create(`soak${i}`);
    await create('soakadmin', ['admin']);
    const payers = [];
    for (let i = 0; i < PAYERS; i++)
      payers.push({ id: (await create(`soakpay${i}`)).id, name: `soakpay${i}` });
    return { ...(await createSite(services, user.id, 'soak')), payers };
  });
}

/** Every balance against the sum of its ledger entries, read after the server stopped: the users out of step. */
async function ledgerMismatches(dataDir, databaseUrl) {
  return withDatabase(dataDir, databaseUrl, async (services) => (await services.ledger.mismatches()).length);
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

/**
 * One API call, counted under `kind` in `kinds`: the status, the envelope and whether it is a success
 * (200 with code 200).
 */
function caller(url, kinds) {
  return async (kind, method, path, { token, body } = {}) => {
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { 'x-token': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {}
    return { kind, status: res.status, body: json, ok: res.status === 200 && json?.code === 200 };
  };
}

/** The answer's data, or a throw that the worker counts as one error. */
function must(answer) {
  if (answer.ok) return answer.body.data;
  throw new Error(
    `${answer.kind}: ${answer.status} ${answer.body?.error ?? ''} ${answer.body?.message ?? ''}`,
  );
}
const refusedFor = (answer, error) => answer.status === 422 && answer.body?.error === error;

/** The admin's part before the load: withdrawal terms that never refuse the mix, the plan it buys, payers signed in and funded. */
async function setUp(url, kinds, payers) {
  const call = caller(url, kinds);
  const admin = await login(url, 'soakadmin');
  if (admin.startsWith('login:')) throw new Error(admin);
  must(await call('setup', 'POST', SETTINGS_PATHS.save, { token: admin, body: WITHDRAWAL_SETTINGS }));
  const plan = must(await call('setup', 'POST', ADMIN_PLAN_PATHS.save, { token: admin, body: PLAN }));
  const accounts = [];
  for (const p of payers) {
    const token = await login(url, p.name);
    if (token.startsWith('login:')) throw new Error(token);
    accounts.push({ ...p, token, balance: 0n, busy: false });
  }
  return { admin, planId: plan.id, payers: accounts };
}

/**
 * The mix, by step number in each 40: 23 collect hits (57.5 %), 11 reports (27.5 %: overview, trend,
 * visit log and others), 3 API reads (user/info, sites, settings, wallet, subscription, own orders and
 * withdrawals), 1 purchase (create + pay a monthly renewal: 1 in 4 quoted first, 1 in 8 cancelled
 * instead of paid, 1 in 6 paid ones refunded by the admin), 1 withdrawal (a fresh request_id; 1 in 10
 * sent twice, which must answer the same withdrawal), 1 admin step (a list of pending withdrawals or of
 * orders, then up to 3 pending withdrawals decided, 1 in 4 approved, the rest rejected, and one approved
 * one rejected: nothing piles up and the held money comes back); and a login every 300th step. A money
 * step makes 1–4 calls, so in requests money is about an eighth of the load.
 * A payer's balance is known from below (debits counted, credits only learnt from a top-up's answer),
 * so an admin tops it up before it could run short; a refusal that still comes (short funds, an order
 * left pending) is handled as a user would, and counted in `kinds` under `refused: …`.
 */
function mix(url, key, siteId, token, kinds, setup) {
  const hit = hitFactory(key, 2000);
  const call = caller(url, kinds);
  const { admin, planId, payers } = setup;
  const runId = randomBytes(4).toString('hex');
  const pending = [];
  const approved = [];
  const seq = { n: 0, orders: 0, withdrawals: 0, decisions: 0, reads: 0, payer: 0 };

  const topUp = async (p) => {
    const row = must(
      await call('top-up', 'POST', ADMIN_USER_PATHS.adjustBalance, {
        token: admin,
        body: { id: p.id, amount: formatMicros(TOP_UP), reason: 'soak top-up' },
      }),
    );
    p.balance = parseMicros(row.balance);
  };
  const ensure = async (p, need) => {
    if (p.balance < need) await topUp(p);
  };
  /** A call that moves the payer's money: on a refusal for short funds, a top-up and one more try. */
  const spend = async (p, kind, path, body) => {
    let answer = await call(kind, 'POST', path, { token: p.token, body });
    if (refusedFor(answer, ERROR.INSUFFICIENT_BALANCE)) {
      kinds['refused: insufficient balance'] = (kinds['refused: insufficient balance'] ?? 0) + 1;
      await topUp(p);
      answer = await call(kind, 'POST', path, { token: p.token, body });
    }
    return must(answer);
  };

  const purchase = async (p) => {
    const i = ++seq.orders;
    const body = { plan_id: planId, period: 'month' };
    if (i % 4 === 0) must(await call('order-quote', 'POST', BILLING_PATHS.quote, { token: p.token, body }));
    let created = await call('order-create', 'POST', BILLING_PATHS.create, { token: p.token, body });
    if (created.status === 422) {
      // One unpaid order per user: one left pending (an earlier chain's error) is cancelled, then ordered again.
      const open = must(
        await call('order-list', 'GET', `${BILLING_PATHS.orders}?status=pending&page=1&limit=20`, {
          token: p.token,
        }),
      );
      if (open.list.length === 0) must(created);
      kinds['refused: order pending'] = (kinds['refused: order pending'] ?? 0) + 1;
      for (const o of open.list)
        must(
          await call('order-cancel', 'POST', BILLING_PATHS.cancel, { token: p.token, body: { id: o.id } }),
        );
      created = await call('order-create', 'POST', BILLING_PATHS.create, { token: p.token, body });
    }
    const order = must(created);
    if (order.status === 'paid') return;
    if (i % 8 === 0) {
      must(
        await call('order-cancel', 'POST', BILLING_PATHS.cancel, { token: p.token, body: { id: order.id } }),
      );
      return;
    }
    const total = parseMicros(order.total);
    await ensure(p, total);
    p.balance -= total;
    await spend(p, 'order-pay', BILLING_PATHS.pay, { id: order.id });
    // The latest paid order of this payer (no other chain uses it now): the admin may refund it.
    if (i % 6 === 0)
      must(
        await call('order-refund', 'POST', ADMIN_ORDER_PATHS.refund, {
          token: admin,
          body: { id: order.id, note: 'soak refund' },
        }),
      );
  };

  const withdraw = async (p) => {
    const i = ++seq.withdrawals;
    const amount = (10n + BigInt(i % 6)) * USDT;
    const body = { amount: formatMicros(amount), address: WITHDRAW_TO, request_id: `soak-${runId}-${i}` };
    await ensure(p, amount + WITHDRAWAL_FEE);
    p.balance -= amount + WITHDRAWAL_FEE;
    const w = await spend(p, 'withdrawal-create', FINANCE_PATHS.user.withdrawalCreate, body);
    if (i % 10 === 0) {
      // A retry after a lost answer: the same withdrawal, nothing held twice.
      const again = must(
        await call('withdrawal-repeat', 'POST', FINANCE_PATHS.user.withdrawalCreate, {
          token: p.token,
          body,
        }),
      );
      if (again.id !== w.id) throw new Error(`withdrawal-repeat: answered #${again.id}, not #${w.id}`);
    }
    pending.push(w.id);
  };

  const decide = async () => {
    const j = ++seq.decisions;
    must(
      j % 2
        ? await call(
            'admin-read',
            'GET',
            `${FINANCE_PATHS.withdrawals.fetch}?status=pending&page=1&limit=20`,
            {
              token: admin,
            },
          )
        : await call('admin-read', 'GET', `${ADMIN_ORDER_PATHS.fetch}?page=1&limit=20`, { token: admin }),
    );
    for (let k = 0; k < 3 && pending.length > 0; k++) {
      const id = pending.shift();
      if ((j + k) % 4 === 0) {
        must(
          await call('withdrawal-approve', 'POST', FINANCE_PATHS.withdrawals.approve, {
            token: admin,
            body: { id },
          }),
        );
        approved.push(id);
      } else
        must(
          await call('withdrawal-reject', 'POST', FINANCE_PATHS.withdrawals.reject, {
            token: admin,
            body: { id, reason: 'soak: rejected' },
          }),
        );
    }
    // Approved ones are never paid here (that needs a chain): each is rejected later, its money released.
    const id = approved.shift();
    if (id !== undefined)
      must(
        await call('withdrawal-reject', 'POST', FINANCE_PATHS.withdrawals.reject, {
          token: admin,
          body: { id, reason: 'soak: not paid' },
        }),
      );
  };

  /** A payer no other chain is using, held for `fn`; undefined when all are busy. */
  const asPayer = async (fn) => {
    for (let k = 0; k < payers.length; k++) {
      const p = payers[(seq.payer + k) % payers.length];
      if (p.busy) continue;
      seq.payer += k + 1;
      p.busy = true;
      try {
        await fn(p);
      } finally {
        p.busy = false;
      }
      return true;
    }
    return undefined;
  };

  const read = async () => {
    const r = ++seq.reads;
    const payer = payers[r % payers.length];
    const calls = [
      ['POST', 'user/info', token],
      ['GET', 'sites/fetch?page=1&limit=20', token],
      ['GET', 'setting/public', token],
      ['GET', WALLET_PATHS.info, payer.token],
      ['GET', BILLING_PATHS.subscription, payer.token],
      ['GET', `${BILLING_PATHS.orders}?page=1&limit=20`, payer.token],
      ['GET', `${FINANCE_PATHS.user.withdrawalList}?page=1&limit=20`, payer.token],
    ];
    const [method, path, as] = calls[r % calls.length];
    must(
      await call('api-read', method, path.startsWith('/') ? path : `/api/v1/api2/${path}`, {
        token: as,
        body: method === 'POST' ? {} : undefined,
      }),
    );
  };

  return async () => {
    const n = ++seq.n;
    if (n % 300 === 0) {
      kinds.login = (kinds.login ?? 0) + 1;
      const answer = await login(url, `soak${(n / 300) % LOGIN_ACCOUNTS}`);
      if (answer.startsWith('login:')) throw new Error(answer);
      return;
    }
    const slot = n % 40;
    if (slot < 23) {
      kinds.collect = (kinds.collect ?? 0) + 1;
      const h = hit();
      const res = await fetch(`${url}/api/collect`, { method: 'POST', headers: h.headers, body: h.body });
      await res.arrayBuffer();
      if (res.status !== 204) throw new Error(`collect: ${res.status}`);
      return;
    }
    if (slot < 34) {
      const report = REPORTS[n % REPORTS.length];
      const sep = report.includes('?') ? '&' : '?';
      must(await call('report', 'GET', `/api/v1/api2/report/${report}${sep}site_id=${siteId}`, { token }));
      return;
    }
    if (slot === 37 && (await asPayer(purchase))) return;
    if (slot === 38 && (await asPayer(withdraw))) return;
    if (slot === 39) return decide();
    return read();
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
  const { key, siteId, payers } = await seed(dataDir, databaseUrl);
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

  const counts = { errors: 0 };
  /** Requests by kind (one chain of the mix may make several); their sum is the requests made. */
  const kinds = {};
  const requests = () =>
    Object.entries(kinds).reduce((n, [k, v]) => (k.startsWith('refused') ? n : n + v), 0);
  const setup = await setUp(url, {}, payers);
  const token = await login(url, 'soak');
  if (token.startsWith('login:')) throw new Error(token);
  const next = mix(url, key, siteId, token, kinds, setup);
  const started = Date.now();
  const until = started + minutes * 60_000;
  const worker = async () => {
    while (Date.now() < until && !exited) {
      try {
        await next();
      } catch (err) {
        counts.errors += 1;
        if (counts.errors <= 3) console.log(`${backend} error: ${err instanceof Error ? err.message : err}`);
      }
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
        `${backend} ${(last.t / 1000).toFixed(0).padStart(4)} s: ${requests()} requests, ${counts.errors} errors, RSS ${last.rss.toFixed(1)} MB, own ${last.mb.toFixed(1)} MB (server ${last.server.toFixed(1)}, database ${last.database.toFixed(1)}), shared ${last.shared.toFixed(1)} MB`,
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
    requests: requests(),
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
  // Every balance still the sum of its entries after the money the mix moved (a mismatch is an error).
  const mismatches = await ledgerMismatches(dataDir, databaseUrl);
  row.ledger = mismatches === 0 ? 'ok' : `${mismatches} users out of step`;
  row.errors += mismatches;
  rmSync(dataDir, { recursive: true, force: true });
  const total = requests();
  const byKind = Object.entries(kinds)
    .sort(([, a], [, b]) => b - a)
    .map(([k, v]) =>
      k.startsWith('refused') ? `${k} ${v}` : `${k} ${v} (${((v / total) * 100).toFixed(1)} %)`,
    );
  return { row, byKind: `${backend} requests by kind: ${byKind.join(', ')}` };
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
const results = [];
try {
  if (together) results.push(...(await Promise.all(runs.map((run) => run()))));
  else for (const run of runs) results.push(await run());
} finally {
  pg?.stop();
}
const rows = results.map((r) => r.row);
printTable(rows);
for (const r of results) console.log(r.byKind);
if (maxSlope !== undefined) {
  const bad = rows.filter((r) => r['MB/min after warm-up'] > maxSlope || r.errors > 0 || r.requests === 0);
  console.log(
    bad.length === 0
      ? `OK: every backend grows at most ${maxSlope} MB a minute after warm-up, without errors`
      : `FAILED: ${bad.map((r) => `${r.backend} ${r['MB/min after warm-up']} MB/min, ${r.errors} errors`).join('; ')} (limit ${maxSlope} MB/min)`,
  );
  process.exitCode = bad.length === 0 ? 0 : 1;
}
