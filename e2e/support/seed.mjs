/**
 * The browser suite's data, written before the server starts (PGlite admits one process per data
 * directory), in one process through the services the CLI's commands use: `demo`'s traffic, `user`'s
 * accounts, `credit`'s adjustment and wendy's statement through the ledger service. One process, not
 * one CLI run per account: each run started Node, imported the app and opened the database again,
 * 3.9 s a run on a quiet machine, 14 runs per shard. Run by start-server.mjs with the server's
 * environment.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';

const dist = resolve(import.meta.dirname, '../../apps/server/dist');
const load = (file) => import(pathToFileURL(join(dist, file)).href);
const { createServices } = await load('app.js');
const { loadConfig } = await load('config.js');
const { openDatabase } = await load('db/client.js');
const { useIpDatabases } = await load('lib/ip-area.js');
const { generateDemo } = await load('modules/demo/demo.service.js');

// Kept in step with accounts.ts (a .ts file this plain script cannot import).
const ACCOUNTS = [
  ['admin', 'admin@example.com', ['admin']],
  ['alice', 'alice@example.com', ['user']],
  ['bob', 'bob@example.com', ['user']],
  ['carol', 'carol@example.com', ['user']],
  ['editor', 'editor@example.com', ['article_editor']],
  ['demo', 'demo@example.com', ['user']],
  ['dave', 'dave@example.com', ['user']],
  ['wendy', 'wendy@example.com', ['user']],
  ['fiona', 'fiona@example.com', ['user']],
  ['tina', 'tina@example.com', ['user']],
  ['toby', 'toby@example.com', ['user']],
];
const PASSWORD = 'password123';
const USDT = 1_000_000n;

const config = loadConfig();
const db = await openDatabase(config);
try {
  await db.migrate();
  const s = createServices({ config, db }, pino({ level: 'warn' }));
  // Report specs read real traffic: two sites of `demo`, through the collect pipeline and rollups (as
  // `cli demo --sites 2 --days 35 --visits 40`, with the areas `serve` would use). The demo makes its
  // owner without a known password; the accounts below then set one.
  useIpDatabases(config.dataDir);
  await generateDemo(s, { sites: 2, days: 35, visitsPerDay: 40, ownerEmail: 'demo@example.com' });
  const ids = {};
  for (const [username, email, roles] of ACCOUNTS) {
    const account = { username, usernameBase: username, email, password: PASSWORD, roles };
    ids[username] = (await s.users.upsertAccount(account)).id;
  }

  const post = (username, entry) =>
    db.transaction((tx) => s.ledger.post({ userId: ids[username], actorId: null, ...entry }, tx));
  // The billing spec buys plans from carol's balance.
  await post('carol', {
    account: 'balance',
    kind: 'admin_adjustment',
    amount: 200n * USDT,
    ref: { type: 'cli', id: 'e2e-carol' },
    note: 'cli credit',
  });
  // The wallet spec's statement, as an order, a recharge and the commission job would write it.
  const wendy = [
    ['balance', 'recharge', 100n * USDT, 'recharge', 'R20261101001', 'USDT TRC20'],
    ['balance', 'order_payment', -12_500_000n, 'order', 'O20261102001', '专业版 1 个月'],
    ['commission', 'commission', 8_880_000n, 'order', 'O20261103007', '邀请用户 bob 的订单'],
    ['commission', 'commission', 1_120_000n, 'order', 'O20261104002', '邀请用户 carol 的订单'],
    ['balance', 'admin_adjustment', 1n, 'audit', 'seed-1', '补偿 / compensation'],
  ];
  for (const [account, kind, amount, type, id, note] of wendy)
    await post('wendy', { account, kind, amount, ref: { type, id }, note });
} finally {
  await db.close();
}
