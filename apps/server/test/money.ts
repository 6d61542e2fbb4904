import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.js';

/**
 * Tests' money: a recharge of `amount` micro-USDT through the ledger, under a fresh reference;
 * `rollBack` throws after the posting, so its transaction rolls back.
 */
export const recharge = (t: TestApp, userId: number, amount: bigint, opts: { rollBack?: boolean } = {}) =>
  t.db.transaction(async (tx) => {
    const entry = await t.services.ledger.post(
      {
        userId,
        account: 'balance',
        kind: 'recharge',
        amount,
        ref: { type: 'test', id: randomUUID() },
        actorId: null,
      },
      tx,
    );
    if (opts.rollBack) throw new Error('rolled back');
    return entry;
  });
