import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { newUser } from '../../../test/factories.js';
import {
  DuplicateReferenceError,
  InsufficientBalanceError,
  type LedgerEntry,
  type LedgerPosting,
} from './ledger.service.js';

/**
 * Random sequences of ledger operations, run concurrently (PostgreSQL: up to five at once on the
 * pool; PGlite: queued on its one connection), with references drawn from a small pool so duplicates
 * are frequent. Whatever happens, every balance equals the sum of its entries, never goes below zero,
 * each entry's balance_after is the running sum, and no reference is applied twice.
 */

const USERS = 3;
/** Small, so references repeat: a duplicate must be refused, never applied again. */
const REFS = 4;

type Op =
  | { op: 'adjust'; user: number; commission: boolean; amount: bigint; ref: number }
  | { op: 'recharge'; user: number; amount: bigint; ref: number }
  | { op: 'commission'; user: number; amount: bigint; ref: number }
  | { op: 'hold'; user: number; amount: bigint; ref: number }
  | { op: 'release'; user: number; amount: bigint; ref: number }
  | { op: 'transfer'; user: number; amount: bigint; ref: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const ref = fc.integer({ min: 0, max: REFS - 1 });
const amount = fc.bigInt({ min: 1n, max: 50_000_000n });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('adjust' as const),
    user,
    commission: fc.boolean(),
    amount: fc.bigInt({ min: -50_000_000n, max: 50_000_000n }).filter((a) => a !== 0n),
    ref,
  }),
  fc.record({ op: fc.constant('recharge' as const), user, amount, ref }),
  fc.record({ op: fc.constant('commission' as const), user, amount, ref }),
  fc.record({ op: fc.constant('hold' as const), user, amount, ref }),
  fc.record({ op: fc.constant('release' as const), user, amount, ref }),
  fc.record({ op: fc.constant('transfer' as const), user, amount, ref }),
);

function postings(o: Op, userId: number, run: string): LedgerPosting[] {
  const r = (type: string) => ({ type, id: `${run}:${o.ref}` });
  const base = { userId, actorId: null };
  switch (o.op) {
    case 'adjust':
      return [
        {
          ...base,
          account: o.commission ? 'commission' : 'balance',
          kind: 'admin_adjustment',
          amount: o.amount,
          ref: r('adjust'),
        },
      ];
    case 'recharge':
      return [{ ...base, account: 'balance', kind: 'recharge', amount: o.amount, ref: r('recharge') }];
    case 'commission':
      return [{ ...base, account: 'commission', kind: 'commission', amount: o.amount, ref: r('order') }];
    case 'hold':
      return [
        { ...base, account: 'balance', kind: 'withdrawal_hold', amount: -o.amount, ref: r('withdrawal') },
      ];
    case 'release':
      return [
        { ...base, account: 'balance', kind: 'withdrawal_release', amount: o.amount, ref: r('withdrawal') },
      ];
    case 'transfer':
      return [
        {
          ...base,
          account: 'commission',
          kind: 'commission_transfer',
          amount: -o.amount,
          ref: r('transfer'),
        },
        { ...base, account: 'balance', kind: 'commission_transfer', amount: o.amount, ref: r('transfer') },
      ];
  }
}

describe('ledger property: concurrent random operations keep the books exact', () => {
  let t: TestApp;
  let runs = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('balances equal their entries, never negative, no reference applied twice', async () => {
    const outcomes = { applied: 0, short: 0, duplicate: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), async (ops) => {
        const run = `p${++runs}`;
        const ids: number[] = [];
        for (let i = 0; i < USERS; i++) ids.push((await newUser(t)).id);
        const applied: LedgerEntry[] = [];
        await Promise.all(
          ops.map(async (o) => {
            try {
              const entries = await t.db.transaction((tx) =>
                t.services.ledger.postMany(postings(o, ids[o.user] as number, run), tx),
              );
              applied.push(...entries);
              outcomes.applied++;
            } catch (err) {
              if (err instanceof InsufficientBalanceError) outcomes.short++;
              else if (err instanceof DuplicateReferenceError) outcomes.duplicate++;
              else throw err;
            }
          }),
        );

        // 1. Every balance is the sum of its entries and of what the callers were told was applied.
        // (this run's users: a failed run's users stay wrong and would hide the shrunk counterexample)
        const wrong = await t.services.ledger.mismatches();
        expect(wrong.filter((m) => ids.includes(Number(m.user_id)))).toEqual([]);
        for (const [i, id] of ids.entries()) {
          const { balance, commission } = await t.services.ledger.balances(id);
          const sum = (account: string) =>
            applied
              .filter((e) => e.userId === id && e.account === account)
              .reduce((s, e) => s + e.amount, 0n);
          expect({ user: i, balance, commission }).toEqual({
            user: i,
            balance: sum('balance'),
            commission: sum('commission'),
          });
          expect(balance >= 0n && commission >= 0n).toBe(true);
        }
        // 2. Each entry's balance_after is the running sum in the order the row lock granted (id order).
        const rows = await t.db.query<{
          amount: string;
          balance_after: string;
          account: string;
          user_id: string;
        }>(
          'select user_id, account, amount, balance_after from ledger_entries where user_id = any($1) order by id',
          [ids],
        );
        const running = new Map<string, bigint>();
        for (const row of rows) {
          const key = `${row.user_id}:${row.account}`;
          const next = (running.get(key) ?? 0n) + BigInt(row.amount);
          running.set(key, next);
          expect(BigInt(row.balance_after)).toBe(next);
          expect(next >= 0n).toBe(true);
        }
        expect(rows.length).toBe(applied.length);
        // 3. No reference twice per kind and account.
        const twice = await t.db.query(
          `select kind, ref_type, ref_id, account from ledger_entries where ref_id like $1
           group by 1, 2, 3, 4 having count(*) > 1`,
          [`${run}:%`],
        );
        expect(twice).toEqual([]);
      }),
      { numRuns: 30 },
    );
    // The runs went through every path, not only the happy one.
    expect(outcomes.applied).toBeGreaterThan(0);
    expect(outcomes.short).toBeGreaterThan(0);
    expect(outcomes.duplicate).toBeGreaterThan(0);
  }, 180_000);
});
