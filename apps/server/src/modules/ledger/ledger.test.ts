import { ERROR, LEDGER_KINDS, type LedgerKind } from '@tally/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { newUser } from '../../../test/factories.js';
import { DuplicateReferenceError, InsufficientBalanceError, type LedgerPosting } from './ledger.service.js';

const USDT = 1_000_000n;

describe('ledger: the only code that changes a balance', () => {
  let t: TestApp;
  let seq = 0;
  const ref = () => ({ type: 'test', id: String(++seq) });
  const post = (p: Omit<LedgerPosting, 'ref' | 'actorId'> & Partial<LedgerPosting>) =>
    t.db.transaction((tx) => t.services.ledger.post({ ref: ref(), actorId: null, ...p }, tx));
  const entryCount = async (userId: number) =>
    Number(
      (
        await t.db.query<{ n: number }>('select count(*)::int as n from ledger_entries where user_id = $1', [
          userId,
        ])
      )[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a posting moves the balance and writes one entry with the balance after it', async () => {
    const u = await newUser(t);
    const entry = await post({
      userId: u.id,
      account: 'balance',
      kind: 'recharge',
      amount: 12n * USDT,
      note: 'tx 1',
    });
    expect(entry).toMatchObject({
      userId: u.id,
      account: 'balance',
      amount: 12n * USDT,
      balanceAfter: 12n * USDT,
    });
    const second = await post({
      userId: u.id,
      account: 'balance',
      kind: 'order_payment',
      amount: -2_500_000n,
    });
    expect(second.balanceAfter).toBe(9_500_000n);
    expect(await t.services.ledger.balances(u.id)).toEqual({ balance: 9_500_000n, commission: 0n });
  });

  it('every kind of the contracts is one the database accepts', async () => {
    const u = await newUser(t);
    await post({ userId: u.id, account: 'balance', kind: 'recharge', amount: 100n * USDT });
    await post({ userId: u.id, account: 'commission', kind: 'commission', amount: 100n * USDT });
    const signs: Record<LedgerKind, bigint> = {
      recharge: 1n,
      withdrawal_hold: -1n,
      withdrawal_release: 1n,
      order_payment: -1n,
      refund: 1n,
      commission: 1n,
      commission_reversal: -1n,
      commission_transfer: -1n,
      admin_adjustment: 1n,
    };
    for (const kind of LEDGER_KINDS) {
      const account = kind.startsWith('commission') ? 'commission' : 'balance';
      await post({ userId: u.id, account, kind, amount: signs[kind] * USDT });
    }
    expect(await entryCount(u.id)).toBe(2 + LEDGER_KINDS.length);
  });

  it('insufficient funds: a 422 INSUFFICIENT_BALANCE, nothing moved, the transaction still usable', async () => {
    const u = await newUser(t);
    await post({ userId: u.id, account: 'balance', kind: 'recharge', amount: 5n * USDT });
    const result = await t.db.transaction(async (tx) => {
      const err = await t.services.ledger
        .post(
          {
            userId: u.id,
            account: 'balance',
            kind: 'order_payment',
            amount: -6n * USDT,
            ref: ref(),
            actorId: null,
          },
          tx,
        )
        .catch((e: unknown) => e);
      // The same transaction goes on: the refused posting aborted nothing.
      const rest = await t.services.ledger.balances(u.id, tx);
      return { err, rest };
    });
    expect(result.err).toBeInstanceOf(InsufficientBalanceError);
    expect(result.err).toMatchObject({ status: 422, error: ERROR.INSUFFICIENT_BALANCE });
    expect(result.rest.balance).toBe(5n * USDT);
    expect(await entryCount(u.id)).toBe(1);
    await expect(
      post({ userId: u.id, account: 'commission', kind: 'commission_reversal', amount: -1n }),
    ).rejects.toMatchObject({ message: 'Insufficient commission balance.' });
  });

  it('a reference is applied once: the second throws DuplicateReferenceError and its transaction rolls back', async () => {
    const u = await newUser(t);
    const once = { type: 'recharge', id: `r-${u.id}` };
    await post({ userId: u.id, account: 'balance', kind: 'recharge', amount: 3n * USDT, ref: once });
    const err = await t.db
      .transaction(async (tx) => {
        // A business write before the duplicate posting goes with it.
        await t.services.ledger.post(
          {
            userId: u.id,
            account: 'balance',
            kind: 'recharge',
            amount: 1n * USDT,
            ref: ref(),
            actorId: null,
          },
          tx,
        );
        await t.services.ledger.post(
          { userId: u.id, account: 'balance', kind: 'recharge', amount: 3n * USDT, ref: once, actorId: null },
          tx,
        );
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DuplicateReferenceError);
    expect((await t.services.ledger.balances(u.id)).balance).toBe(3n * USDT);
    expect(await entryCount(u.id)).toBe(1);
    // The same reference under another kind, or on the other account, is another posting.
    await post({ userId: u.id, account: 'balance', kind: 'refund', amount: 1n, ref: once });
    await post({ userId: u.id, account: 'commission', kind: 'admin_adjustment', amount: 1n, ref: once });
    await post({ userId: u.id, account: 'balance', kind: 'admin_adjustment', amount: 1n, ref: once });
  });

  it('postMany: a commission transfer is two entries, all or nothing', async () => {
    const u = await newUser(t);
    await post({ userId: u.id, account: 'commission', kind: 'commission', amount: 10n * USDT });
    const transfer = (amount: bigint, id: string) =>
      t.db.transaction((tx) =>
        t.services.ledger.postMany(
          [
            {
              userId: u.id,
              account: 'commission',
              kind: 'commission_transfer',
              amount: -amount,
              ref: { type: 'ct', id },
              actorId: u.id,
            },
            {
              userId: u.id,
              account: 'balance',
              kind: 'commission_transfer',
              amount,
              ref: { type: 'ct', id },
              actorId: u.id,
            },
          ],
          tx,
        ),
      );
    const [out, into] = await transfer(4n * USDT, `a${u.id}`);
    expect(out?.balanceAfter).toBe(6n * USDT);
    expect(into?.balanceAfter).toBe(4n * USDT);
    await expect(transfer(7n * USDT, `b${u.id}`)).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await t.services.ledger.balances(u.id)).toEqual({ balance: 4n * USDT, commission: 6n * USDT });
  });

  it('a posting against its kind is a bug and is refused before any SQL', async () => {
    const u = await newUser(t);
    await expect(post({ userId: u.id, account: 'balance', kind: 'recharge', amount: -1n })).rejects.toThrow(
      /positive/,
    );
    await expect(post({ userId: u.id, account: 'balance', kind: 'commission', amount: 1n })).rejects.toThrow(
      /never moves/,
    );
    await expect(
      post({ userId: u.id, account: 'balance', kind: 'admin_adjustment', amount: 0n }),
    ).rejects.toThrow(/non-zero/);
    await expect(
      post({ userId: u.id + 10_000, account: 'balance', kind: 'recharge', amount: 1n }),
    ).rejects.toThrow(/no user/);
    expect(await entryCount(u.id)).toBe(0);
  });

  it('the database refuses what code must never do: a negative balance, editing or deleting an entry', async () => {
    const u = await newUser(t);
    await post({ userId: u.id, account: 'balance', kind: 'recharge', amount: 1n });
    await expect(t.db.query('update users set balance = -1 where id = $1', [u.id])).rejects.toThrow(
      /users_balance_nonnegative/,
    );
    await expect(
      t.db.query('update users set commission_balance = -1 where id = $1', [u.id]),
    ).rejects.toThrow(/commission_balance_nonnegative/);
    await expect(
      t.db.query('update ledger_entries set amount = 2 where user_id = $1', [u.id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from ledger_entries where user_id = $1', [u.id])).rejects.toThrow(
      /append-only/,
    );
  });

  it('entries: paged newest first, filtered by kind, account and day', async () => {
    const u = await newUser(t);
    for (let i = 1; i <= 5; i++)
      await post({ userId: u.id, account: 'balance', kind: 'recharge', amount: BigInt(i) });
    await post({ userId: u.id, account: 'commission', kind: 'commission', amount: 7n });
    const page = await t.services.ledger.entries(u.id, { page: 1, limit: 2 });
    expect(page.total).toBe(6);
    expect(page.list.map((e) => e.amount)).toEqual([7n, 5n]);
    const second = await t.services.ledger.entries(u.id, { page: 2, limit: 2, kind: 'recharge' });
    expect(second).toMatchObject({ total: 5, page: 2 });
    expect(second.list.map((e) => e.amount)).toEqual([3n, 2n]);
    expect((await t.services.ledger.entries(u.id, { page: 1, limit: 9, account: 'commission' })).total).toBe(
      1,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.services.ledger.entries(u.id, { page: 1, limit: 9, from: today, to: today })).total).toBe(
      6,
    );
    expect((await t.services.ledger.entries(u.id, { page: 1, limit: 9, to: '2020-01-01' })).total).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL: one user's open posting never holds up another user's",
    async () => {
      const [a, b] = [await newUser(t), await newUser(t)];
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update users set balance = balance + 1 where id = $1', [a.id]); // holds a's row
        const started = performance.now();
        await post({ userId: b.id, account: 'balance', kind: 'recharge', amount: 1n });
        expect(performance.now() - started).toBeLessThan(2000);
        // …while a's own posting waits for that lock, and then sees the committed balance.
        const waiting = post({ userId: a.id, account: 'balance', kind: 'recharge', amount: 1n });
        const state = await Promise.race([
          waiting.then(() => 'done'),
          new Promise((r) => setTimeout(() => r('waiting'), 300)),
        ]);
        expect(state).toBe('waiting');
        await other.query('rollback');
        expect((await waiting).balanceAfter).toBe(1n);
      } finally {
        await other.end();
      }
    },
  );
});
