/**
 * Gives `wendy` a statement for the wallet spec and screenshots, through the ledger service itself
 * (as an order, a recharge and the commission job would), before the server starts: PGlite admits
 * one process per data directory. Run by start-server.mjs with the server's environment.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = resolve(import.meta.dirname, '../../apps/server/dist');
const load = (file) => import(pathToFileURL(join(dist, file)).href);
const { openDatabase } = await load('db/client.js');
const { LedgerRepository } = await load('modules/ledger/ledger.repository.js');
const { LedgerService } = await load('modules/ledger/ledger.service.js');

const USDT = 1_000_000n;
const db = await openDatabase({ dataDir: process.env.DATA_DIR, databaseUrl: process.env.DATABASE_URL });
try {
  const ledger = new LedgerService(new LedgerRepository(db));
  const [wendy] = await db.query(`select id from users where email = 'wendy@example.com'`);
  const userId = Number(wendy.id);
  const entries = [
    ['balance', 'recharge', 100n * USDT, 'recharge', 'R20261101001', 'USDT TRC20'],
    ['balance', 'order_payment', -12_500_000n, 'order', 'O20261102001', '专业版 1 个月'],
    ['commission', 'commission', 8_880_000n, 'order', 'O20261103007', '邀请用户 bob 的订单'],
    ['commission', 'commission', 1_120_000n, 'order', 'O20261104002', '邀请用户 carol 的订单'],
    ['balance', 'admin_adjustment', 1n, 'audit', 'seed-1', '补偿 / compensation'],
  ];
  for (const [account, kind, amount, type, id, note] of entries)
    await db.transaction((tx) =>
      ledger.post({ userId, account, kind, amount, ref: { type, id }, actorId: null, note }, tx),
    );
} finally {
  await db.close();
}
