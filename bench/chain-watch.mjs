// The chain watcher at scale: 1,000 receiving addresses, 10,000 live recharges and 10,000 matching
// transfers served by the fake TronGrid on 127.0.0.1. Prints the time of one full watcher cycle,
// matches per second, TronGrid requests per second (must stay within the configured rate, checked in
// every one-second window the fake saw), and checks every match was credited exactly once, also after
// a second cycle and with two watchers started at once (each with its own limiter, as in two processes). Baseline, measured in the same run: the same
// requests through the same client and rate limiter, without storing or crediting anything.
//
//   npm run build && node bench/chain-watch.mjs          (PGlite, in this process)
//   DATABASE_URL=postgres://… node bench/chain-watch.mjs  (a PostgreSQL server)
//   ADDRESSES=1000 RECHARGES=10000 RATE=100 node bench/chain-watch.mjs
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { postgresCpuMs, printTable, serverDist, tempDir } from './lib.mjs';

const ADDRESSES = Number(process.env.ADDRESSES ?? 1000);
const RECHARGES = Number(process.env.RECHARGES ?? 10_000);
const RATE = Number(process.env.RATE ?? 100);

const { createServices } = await import(path.join(serverDist, 'app.js'));
const { loadConfig } = await import(path.join(serverDist, 'config.js'));
const { openPglite, openPostgres } = await import(path.join(serverDist, 'db/client.js'));
const { FakeTronGrid } = await import(path.join(serverDist, 'modules/finance/fake-trongrid.js'));
const { RateLimiter, TronGridClient } = await import(
  path.join(serverDist, 'modules/finance/trongrid.client.js')
);
const { tronAddressFromBytes, USDT_TRC20_CONTRACT } = await import('@tally/contracts');

/** CPU seconds of this process (the watcher and PGlite's thread) and, on PostgreSQL, of the server's processes. */
function cpuSeconds() {
  const own = process.cpuUsage();
  const port = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).port || '5432' : undefined;
  const pg = port ? postgresCpuMs(port) / 1000 : 0;
  return (own.user + own.system) / 1e6 + pg;
}

const chain = new FakeTronGrid({ defaultLimit: 200 });
await chain.start(Number(process.env.FAKE_PORT ?? 0));

const dataDir = tempDir('tally-chainwatch-');
const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite({});
await db.migrate();
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'silent',
});
const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => quiet,
  level: 'silent',
};
const services = createServices({ config, db }, quiet);
await services.settings.update({
  trongrid_base_url: chain.url,
  trongrid_rate: RATE,
  recharge_max: '1000000',
});

// Set-up in bulk SQL: addresses, one user per 10 recharges, recharges with payable amounts unique per address.
const addresses = Array.from({ length: ADDRESSES }, () => tronAddressFromBytes(randomBytes(20)));
await db.query('insert into usdt_addresses (address, label) select unnest($1::text[]), $2', [
  addresses,
  'bench',
]);
const users = Math.ceil(RECHARGES / 10);
await db.query(
  `insert into users (username, email, password_hash, invite_code)
   select 'bench' || i, 'bench' || i || '@example.com', 'x', 'inv' || i from generate_series(1, $1) i`,
  [users],
);
const now = Date.now();
await db.query(
  `insert into recharges (order_no, user_id, address_id, amount, payable, expires_at, locked_until, created_at)
   select 'B' || i, (select min(id) from users where username like 'bench%') + (i % $2),
          (select min(id) from usdt_addresses) + (i % $3), 10000000, 10000000 + (i / $3),
          now() + interval '30 minutes', now() + interval '60 minutes', now() - interval '1 minute'
   from generate_series(0, $1 - 1) i`,
  [RECHARGES, users, ADDRESSES],
);
const rows = await db.query(
  'select a.address, r.payable::text from recharges r join usdt_addresses a on a.id = r.address_id',
);
for (const r of rows) chain.inject({ to: r.address, value: BigInt(r.payable), blockTimestamp: now });

// Baseline: the same reads, same client and limiter, nothing stored.
const baseLimiter = new RateLimiter(RATE);
const baseClient = new TronGridClient({ baseUrl: chain.url, apiKey: '', limiter: baseLimiter });
let t0 = performance.now();
for (const address of addresses) {
  let fingerprint;
  do {
    const page = await baseClient.page({
      address,
      contract: USDT_TRC20_CONTRACT,
      minTimestamp: 0,
      onlyConfirmed: true,
      fingerprint,
    });
    fingerprint = page.fingerprint;
  } while (fingerprint);
}
const baselineMs = performance.now() - t0;

// The cycle: two watchers started at once, each with its own rate limiter (as two processes have), then
// a third cycle. One cycle reads the chain at a time (the watcher lock): in one process the second
// waits its turn and then finds everything stored. The cycle's time is the first one's.
chain.log.length = 0;
const cpu0 = cpuSeconds();
t0 = performance.now();
const [a, b] = await Promise.all([
  services.chainWatcher.with({}).cycle(),
  services.chainWatcher.with({}).cycle(),
]);
const bothMs = performance.now() - t0;
const cycleMs = a.ms;
const cpu = cpuSeconds() - cpu0;
const requests = chain.log.length;
const cycleRequests = a.requests;
let peak = 0;
for (let i = 0, j = 0; i < chain.log.length; i++) {
  while (chain.log[i].at - chain.log[j].at >= 1000) j++;
  peak = Math.max(peak, i - j + 1);
}
const second = await services.chainWatcher.cycle();

const [credits] = await db.query(
  `select count(*)::int as n, count(distinct ref_id)::int as refs, coalesce(sum(amount), 0)::text as sum
   from ledger_entries where kind = 'recharge'`,
);
const [paid] = await db.query(
  `select count(*)::int as n, coalesce(sum(payable), 0)::text as sum from recharges where status = 'paid'`,
);
const mismatches = await services.ledger.mismatches();
const matched = a.matched + b.matched;

printTable([
  {
    addresses: ADDRESSES,
    recharges: RECHARGES,
    transfers: chain.transfers.length,
    'cycle s': (cycleMs / 1000).toFixed(1),
    'baseline s (reads only)': (baselineMs / 1000).toFixed(1),
    'cycle / baseline': (cycleMs / baselineMs).toFixed(2),
    'matches/s': Math.round(matched / (cycleMs / 1000)),
    'TronGrid req/s': (cycleRequests / (cycleMs / 1000)).toFixed(1),
    'peak req in 1 s': peak,
    'rate setting': RATE,
    'CPU ms per request': ((cpu * 1000) / requests).toFixed(2),
    'CPU ms per match': ((cpu * 1000) / Math.max(1, matched)).toFixed(3),
  },
]);
const ok =
  matched === RECHARGES &&
  second.matched === 0 &&
  b.matched === 0 &&
  credits.n === RECHARGES &&
  credits.refs === RECHARGES &&
  paid.n === RECHARGES &&
  credits.sum === paid.sum &&
  mismatches.length === 0 &&
  peak <= RATE + 1;
console.log(
  `matched ${matched} (watcher A ${a.matched}${a.skipped ? ' skipped' : ''}, B ${b.matched}${b.skipped ? ' skipped' : ''}; ` +
    `duplicates seen ${a.duplicates + b.duplicates}); ` +
    `both watchers took ${(bothMs / 1000).toFixed(1)} s; third cycle matched ${second.matched}; ledger credits ${credits.n} for ${credits.refs} recharges; ` +
    `balances equal to entries: ${mismatches.length === 0}; peak ${peak} req/s within rate ${RATE}: ${peak <= RATE + 1}`,
);
console.log(ok ? 'OK: every match credited once, within the rate' : 'FAILED');
await chain.stop();
await db.close?.();
process.exit(ok ? 0 : 1);
