// The ledger under load: 200 users, 50 concurrent connections, 20 s of mixed postings (recharges,
// payments, withdrawal holds and releases, commissions, commission transfers, admin adjustments and a
// few deliberate duplicate references) on PGlite and on PostgreSQL. Measured through the ledger service
// itself (what every business transaction calls), not over HTTP: the figure is the cost of a posting,
// and the baseline beside it, in the same run on the same pool, is the least a money change can cost:
// a transaction around one single-row `update … returning`. Prints operations/s, p50, p99, errors,
// CPU per operation (this process, which runs the service and, on PGlite, the database thread; plus the
// PostgreSQL server's processes from /proc) and the ratio; afterwards every balance must equal the sum
// of its entries. Target: ratio ≥ 0.5 on PostgreSQL, no error but the expected INSUFFICIENT_BALANCE.
//
// Usage: npx tsc -b && node bench/ledger.mjs [seconds] [--pglite|--postgres]
// PostgreSQL: BENCH_DATABASE_URL, else a throwaway cluster on PG_TEMP_PORT (default 55463).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMs, postgresCpuMs, printTable, serverDist, tempDir } from './lib.mjs';

const args = process.argv.slice(2);
const seconds = Number(args.find((a) => /^\d+$/.test(a)) ?? 20);
const only = args.find((a) => a.startsWith('--'));
const USERS = 200;
const CONNECTIONS = 50;
const USDT = 1_000_000n;

const load = (file) => import(pathToFileURL(path.join(serverDist, file)).href);
const { openPglite, openPostgres } = await load('db/client.js');
const { LedgerRepository } = await load('modules/ledger/ledger.repository.js');
const { LedgerService, DuplicateReferenceError, InsufficientBalanceError } = await load(
  'modules/ledger/ledger.service.js',
);

// ---------------------------------------------------------------- CPU from /proc
/** CPU so far of this process and the database's processes (re-listed: backends come and go). */
function cpuNow(pgPort) {
  const db = pgPort ? postgresCpuMs(pgPort) : 0;
  return { self: cpuMs(process.pid), db };
}

// ---------------------------------------------------------------- data
async function seed(db, ledger) {
  await db.exec(`
    insert into users (username, email, password_hash, invite_code)
    select 'lb' || i, 'lb' || i || '@bench.test', 'x', 'LB' || i from generate_series(1, ${USERS}) i;
    create table bench_bare (id bigint primary key, balance bigint not null);
    insert into bench_bare select i, 0 from generate_series(1, ${USERS}) i;`);
  const ids = (await db.query(`select id from users where email like '%@bench.test' order by id`)).map((r) =>
    Number(r.id),
  );
  for (const id of ids)
    await db.transaction((tx) =>
      ledger.postMany(
        [
          {
            userId: id,
            account: 'balance',
            kind: 'recharge',
            amount: 100n * USDT,
            ref: { type: 'seed', id: String(id) },
            actorId: null,
          },
          {
            userId: id,
            account: 'commission',
            kind: 'commission',
            amount: 20n * USDT,
            ref: { type: 'seed', id: String(id) },
            actorId: null,
          },
        ],
        tx,
      ),
    );
  return ids;
}

/** One random operation: its postings and whether it reuses a reference on purpose. */
function operation(ids, n, applied) {
  const userId = ids[Math.floor(Math.random() * ids.length)];
  const amount = BigInt(1 + Math.floor(Math.random() * 5_000_000)); // up to 5 USDT
  const ref = (type) => ({ type, id: `w${n}` });
  const base = { userId, actorId: null };
  const r = Math.random();
  if (r < 0.02 && applied.length)
    return { postings: applied[Math.floor(Math.random() * applied.length)], duplicate: true };
  if (r < 0.2)
    return { postings: [{ ...base, account: 'balance', kind: 'recharge', amount, ref: ref('recharge') }] };
  if (r < 0.4)
    return {
      postings: [{ ...base, account: 'balance', kind: 'order_payment', amount: -amount, ref: ref('order') }],
    };
  if (r < 0.55)
    return {
      postings: [
        { ...base, account: 'balance', kind: 'withdrawal_hold', amount: -amount, ref: ref('withdrawal') },
      ],
      release: true,
    };
  if (r < 0.7)
    return { postings: [{ ...base, account: 'commission', kind: 'commission', amount, ref: ref('order') }] };
  if (r < 0.85)
    return {
      postings: [
        {
          ...base,
          account: 'commission',
          kind: 'commission_transfer',
          amount: -amount,
          ref: ref('transfer'),
        },
        { ...base, account: 'balance', kind: 'commission_transfer', amount, ref: ref('transfer') },
      ],
    };
  const sign = Math.random() < 0.5 ? -1n : 1n;
  return {
    postings: [
      { ...base, account: 'balance', kind: 'admin_adjustment', amount: sign * amount, ref: ref('adjust') },
    ],
  };
}

/** `work` from CONNECTIONS loops for `seconds`; latencies, counts and CPU. */
async function drive(work, pgPort) {
  const latencies = [];
  const counts = { ok: 0, short: 0, duplicate: 0, errors: 0 };
  const firstErrors = [];
  const until = performance.now() + seconds * 1000;
  const cpu0 = cpuNow(pgPort);
  const t0 = performance.now();
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const outcome = await work(++n).catch((err) => {
          if (firstErrors.length < 3) firstErrors.push(String(err?.stack ?? err));
          return 'errors';
        });
        latencies.push(performance.now() - started);
        counts[outcome] += 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu1 = cpuNow(pgPort);
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const ops = latencies.length;
  return {
    ops,
    opsPerSec: ops / elapsed,
    p50: q(0.5),
    p99: q(0.99),
    counts,
    firstErrors,
    cpuSelf: (cpu1.self - cpu0.self) / ops,
    cpuDb: (cpu1.db - cpu0.db) / ops,
  };
}

async function benchOne(name, db, pgPort) {
  const ledger = new LedgerService(new LedgerRepository(db));
  const ids = await seed(db, ledger);

  const bare = await drive(async (n) => {
    const id = ids[n % ids.length];
    await db.transaction((tx) =>
      tx.query(
        'update bench_bare set balance = balance + $2 where id = $1 returning balance',
        [id, 1],
        'bench_bare',
      ),
    );
    return 'ok';
  }, pgPort);

  const applied = [];
  const posting = await drive(async (n) => {
    const op = operation(ids, n, applied);
    try {
      await db.transaction((tx) => ledger.postMany(op.postings, tx));
      if (applied.length < 1000) applied.push(op.postings);
      // A hold is released later by its own transaction, as a rejected withdrawal would be.
      if (op.release && Math.random() < 0.5) {
        const [hold] = op.postings;
        await db.transaction((tx) =>
          ledger.post({ ...hold, kind: 'withdrawal_release', amount: -hold.amount }, tx),
        );
      }
      return 'ok';
    } catch (err) {
      if (err instanceof InsufficientBalanceError) return 'short';
      if (err instanceof DuplicateReferenceError && op.duplicate) return 'duplicate';
      throw err;
    }
  }, pgPort);

  const mismatches = await ledger.mismatches();
  const [neg] = await db.query(
    'select count(*)::int as n from users where balance < 0 or commission_balance < 0',
  );
  const row = (label, r) => ({
    backend: name,
    run: label,
    'ops/s': Math.round(r.opsPerSec),
    'p50 ms': r.p50.toFixed(2),
    'p99 ms': r.p99.toFixed(2),
    ok: r.counts.ok,
    'insufficient (expected)': r.counts.short ?? 0,
    'duplicates (expected)': r.counts.duplicate ?? 0,
    errors: r.counts.errors,
    'CPU ms/op (bench+service)': r.cpuSelf.toFixed(3),
    'CPU ms/op (postgres)': pgPort ? r.cpuDb.toFixed(3) : 'in-process',
  });
  for (const e of [...bare.firstErrors, ...posting.firstErrors]) console.error(e);
  return {
    rows: [row('bare update … returning', bare), row('ledger postings', posting)],
    ratio: posting.opsPerSec / bare.opsPerSec,
    errors: bare.counts.errors + posting.counts.errors,
    mismatches: mismatches.length,
    negative: Number(neg.n),
  };
}

const results = [];
if (only !== '--postgres') {
  const db = await openPglite({ dataDir: tempDir('tally-bench-ledger-') });
  await db.migrate();
  results.push(['PGlite', await benchOne('PGlite', db)]);
  await db.close();
}
if (only !== '--pglite') {
  let cluster;
  let url = process.env.BENCH_DATABASE_URL;
  let port;
  if (!url) {
    const { startTempPostgres } = await import('../scripts/pg-temp.mjs');
    port = Number(process.env.PG_TEMP_PORT ?? 55463);
    cluster = startTempPostgres(port);
    if (!cluster) throw new Error('no PostgreSQL binaries: set BENCH_DATABASE_URL or install postgresql');
    url = cluster.url;
  } else port = Number(new URL(url).port || 5432);
  const db = await openPostgres(url, CONNECTIONS);
  await db.migrate();
  results.push(['PostgreSQL', await benchOne('PostgreSQL', db, port)]);
  await db.close();
  await cluster?.stop();
}

printTable(results.flatMap(([, r]) => r.rows));
let failed = false;
for (const [name, r] of results) {
  const target = name === 'PostgreSQL' ? ' (target ≥ 0.5)' : '';
  console.log(
    `${name}: ledger / bare ratio ${r.ratio.toFixed(2)}${target}; unexpected errors ${r.errors}; ` +
      `balances differing from their entries ${r.mismatches}; negative balances ${r.negative}`,
  );
  if (r.errors || r.mismatches || r.negative || (name === 'PostgreSQL' && r.ratio < 0.5)) failed = true;
}
process.exitCode = failed ? 1 : 0;
