import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.js';

/** Tests' money: a recharge of `amount` micro-USDT through the ledger, under a fresh reference. */
export const recharge = (t: TestApp, userId: number, amount: bigint) =>
  t.db.transaction((tx) =>
    t.services.ledger.post(
      {
        userId,
        account: 'balance',
        kind: 'recharge',
        amount,
        ref: { type: 'test', id: randomUUID() },
        actorId: null,
      },
      tx,
    ),
  );
