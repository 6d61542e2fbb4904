import type { PlanPeriod } from '@tally/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { newUser } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';
import { AppError } from '../../lib/errors.js';

/**
 * Random sequences of recharges, purchases (new, renewal, upgrade, with and without a limited coupon),
 * double payments, cancellations, refunds, commission credit runs (two at once = two workers) and
 * moves of commission to the balance, run concurrently (PostgreSQL: on the pool; PGlite: queued on
 * its one connection). User 0 invited user 1, who invited user 2, so a user both earns and pays
 * commission. Whatever happens: every balance (and commission balance) equals its ledger and is never
 * negative, no order is paid twice, a refunded order has exactly one refund of its total, the coupon
 * is never used beyond its total or per-user limit, no user has two unpaid orders, and every
 * invitee's paid order has one commission, credited at most once, cancelled or reversed once refunded.
 */
const USERS = 3;
const ADMIN = { userId: null, ip: '127.0.0.1' };

type Op =
  | { op: 'recharge'; user: number; amount: bigint }
  | { op: 'buy'; user: number; plan: number; period: PlanPeriod; coupon: boolean; payTwice: boolean }
  | { op: 'refund'; user: number; creditFirst: boolean }
  | { op: 'cancel'; user: number }
  | { op: 'credit' }
  | { op: 'move'; user: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('recharge' as const),
    user,
    amount: fc.bigInt({ min: 1n, max: 300_000_000n }),
  }),
  fc.record({
    op: fc.constant('buy' as const),
    user,
    plan: fc.integer({ min: 0, max: 1 }),
    period: fc.constantFrom<PlanPeriod>('month', 'year'),
    coupon: fc.boolean(),
    payTwice: fc.boolean(),
  }),
  // creditFirst: a credit run just before, so refunds meet credited commission as well as pending.
  fc.record({ op: fc.constant('refund' as const), user, creditFirst: fc.boolean() }),
  fc.record({ op: fc.constant('cancel' as const), user }),
  fc.record({ op: fc.constant('credit' as const) }),
  fc.record({ op: fc.constant('move' as const), user }),
);

describe('billing property: concurrent orders, coupons and refunds keep the books exact', () => {
  let t: TestApp;
  let plans: number[];
  let runs = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const limits = { sites: 5, monthly_pageviews: 1000, bots: 1, retention_days: 30 };
    const save = async (name: string, month: bigint, year: bigint) =>
      (
        await t.services.plans.save(
          {
            name_zh: name,
            name_en: name,
            description_zh: '',
            description_en: '',
            prices: { month, quarter: null, half_year: null, year, onetime: null },
            limits,
            on_sale: true,
            sort: 0,
          },
          ADMIN,
        )
      ).id;
    plans = [await save('Pro', 10_000_000n, 100_000_000n), await save('Business', 30_000_000n, 300_000_000n)];
    // Commission due at once, so credit runs and refunds race; 33 % so rounding down matters.
    await t.services.adminSettings.save({ commission_delay_hours: 0, commission_rate: 33 }, ADMIN);
  });
  afterAll(() => t.close());

  const credit = (userId: number, amount: bigint) => recharge(t, userId, amount);

  it('balances equal their ledger, no double payment or refund, coupon limits hold, one pending order', async () => {
    const seen = { paid: 0, refunded: 0, refused: 0, credited: 0, reversed: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 30 }), async (ops) => {
        const run = ++runs;
        const ids: number[] = [];
        for (let i = 0; i < USERS; i++) ids.push((await newUser(t, { invitedBy: ids[i - 1] })).id);
        // Enough for a few orders each, so the runs reach refunds and renewals, not only short funds.
        for (const userId of ids) await credit(userId, 150_000_000n);
        const coupon = await t.services.coupons.save(
          {
            code: `PROP${run}`,
            kind: 'percent',
            amount: null,
            percent: 30,
            plan_ids: [],
            periods: [],
            total_limit: 2,
            per_user_limit: 1,
            starts_at: null,
            ends_at: null,
            shown: false,
            enabled: true,
            note_zh: '',
            note_en: '',
          },
          ADMIN,
        );
        // Each expected refusal is an AppError (422/404); anything else fails the property.
        const tolerate = async (fn: () => Promise<unknown>) => {
          try {
            await fn();
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            seen.refused++;
          }
        };
        const latest = async (userId: number, status: 'paid' | 'pending') =>
          (await t.services.orders.list({ userId, status }, { page: 1, limit: 1, sort: '-id' })).list[0];

        // In waves of four at once: concurrent within a wave, and later waves find earlier orders to refund.
        const run1 = (o: Op) => {
          if (o.op === 'credit') return t.services.invites.creditDue();
          const userId = ids[o.user]!;
          switch (o.op) {
            case 'recharge':
              return credit(userId, o.amount);
            case 'buy':
              return tolerate(async () => {
                const order = await t.services.orders.create(userId, {
                  plan_id: plans[o.plan]!,
                  period: o.period,
                  coupon: o.coupon ? coupon.code : undefined,
                });
                if (order.status === 'paid') return;
                const pays = o.payTwice ? [1, 2] : [1];
                await Promise.all(pays.map(() => tolerate(() => t.services.orders.pay(userId, order.id))));
              });
            case 'refund':
              return tolerate(async () => {
                if (o.creditFirst) await t.services.invites.creditDue();
                const order = await latest(userId, 'paid');
                if (order) await t.services.orders.refund(order.id, ADMIN);
              });
            case 'cancel':
              return tolerate(async () => {
                const order = await latest(userId, 'pending');
                if (order) await t.services.orders.cancel(order.id, userId);
              });
            case 'move':
              return tolerate(() => t.services.invites.transferAll(userId));
          }
        };
        for (let i = 0; i < ops.length; i += 4) await Promise.all(ops.slice(i, i + 4).map(run1));

        // 1. The books: balance = its entries, never negative.
        const wrong = await t.services.ledger.mismatches();
        expect(wrong.filter((m) => ids.includes(Number(m.user_id)))).toEqual([]);
        for (const id of ids) {
          const { balance, commission } = await t.services.ledger.balances(id);
          expect(balance >= 0n && commission >= 0n).toBe(true);
        }

        // 2. Each order: a payment entry exactly when it was paid with a total; a refund exactly when refunded.
        const rows = await t.db.query<{
          id: string;
          status: string;
          total: string;
          pays: number;
          refunds: number;
          paid_sum: string | null;
          refund_sum: string | null;
        }>(
          `select o.id, o.status, o.total_micros::text as total,
             (select count(*)::int from ledger_entries e where e.ref_type = 'order' and e.ref_id = o.id::text and e.kind = 'order_payment') as pays,
             (select count(*)::int from ledger_entries e where e.ref_type = 'order' and e.ref_id = o.id::text and e.kind = 'refund') as refunds,
             (select sum(-amount)::text from ledger_entries e where e.ref_type = 'order' and e.ref_id = o.id::text and e.kind = 'order_payment') as paid_sum,
             (select sum(amount)::text from ledger_entries e where e.ref_type = 'order' and e.ref_id = o.id::text and e.kind = 'refund') as refund_sum
           from orders o where o.user_id = any($1)`,
          [ids],
        );
        for (const r of rows) {
          const charged = r.status === 'paid' || r.status === 'refunded';
          const withMoney = charged && BigInt(r.total) > 0n;
          expect({ id: r.id, pays: r.pays }).toEqual({ id: r.id, pays: withMoney ? 1 : 0 });
          if (withMoney) expect(r.paid_sum).toBe(r.total);
          expect({ id: r.id, refunds: r.refunds }).toEqual({
            id: r.id,
            refunds: r.status === 'refunded' && BigInt(r.total) > 0n ? 1 : 0,
          });
          if (r.refunds) expect(r.refund_sum).toBe(r.total);
          if (r.status === 'paid') seen.paid++;
          if (r.status === 'refunded') seen.refunded++;
        }
        // 3. At most one pending order per user.
        const pending = await t.db.query<{ n: number }>(
          "select count(*)::int as n from orders where user_id = any($1) and status = 'pending' group by user_id having count(*) > 1",
          [ids],
        );
        expect(pending).toEqual([]);
        // 4. The coupon: used = its use rows = paid orders that carry it, within both limits.
        const [c] = await t.db.query<{ used: number; uses: number; max_per_user: number | null }>(
          `select used, (select count(*)::int from coupon_uses where coupon_id = $1) as uses,
             (select max(n) from (select count(*)::int as n from coupon_uses where coupon_id = $1 group by user_id) x) as max_per_user
           from coupons where id = $1`,
          [coupon.id],
        );
        expect(c!.used).toBe(c!.uses);
        expect(c!.used).toBeLessThanOrEqual(2);
        expect(c!.max_per_user ?? 0).toBeLessThanOrEqual(1);
        // 5. Commission: one per invitee's charged order, credited at most once, undone once refunded.
        await checkCommissions(ids, seen);
      }),
      { numRuns: 25 },
    );
    expect(seen.paid).toBeGreaterThan(0);
    expect(seen.refunded).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.credited).toBeGreaterThan(0);
    expect(seen.reversed).toBeGreaterThan(0);
  }, 240_000);

  async function checkCommissions(ids: number[], seen: { credited: number; reversed: number }) {
    const rows = await t.db.query<{
      order_id: string;
      order_status: string;
      total: string;
      invited: boolean;
      status: string | null;
      amount: string | null;
      reversed: string | null;
      unrecovered: string | null;
      credits: number;
      credit_sum: string | null;
      reversals: number;
      reversal_sum: string | null;
    }>(
      `select o.id as order_id, o.status as order_status, o.total_micros::text as total,
         u.invited_by is not null as invited, c.status, c.amount_micros::text as amount,
         c.reversed_micros::text as reversed, c.unrecovered_micros::text as unrecovered,
         (select count(*)::int from ledger_entries e where e.ref_type = 'commission' and e.ref_id = o.id::text and e.kind = 'commission') as credits,
         (select sum(amount)::text from ledger_entries e where e.ref_type = 'commission' and e.ref_id = o.id::text and e.kind = 'commission') as credit_sum,
         (select count(*)::int from ledger_entries e where e.ref_type = 'commission' and e.ref_id = o.id::text and e.kind = 'commission_reversal') as reversals,
         (select sum(-amount)::text from ledger_entries e where e.ref_type = 'commission' and e.ref_id = o.id::text and e.kind = 'commission_reversal') as reversal_sum
       from orders o join users u on u.id = o.user_id left join commissions c on c.order_id = o.id
       where o.user_id = any($1)`,
      [ids],
    );
    for (const r of rows) {
      const charged = (r.order_status === 'paid' || r.order_status === 'refunded') && BigInt(r.total) > 0n;
      const owed = (BigInt(r.total) * 33n) / 100n;
      const expected = charged && r.invited && owed > 0n;
      const id = r.order_id;
      expect({ id, commission: r.amount }).toEqual({ id, commission: expected ? String(owed) : null });
      if (!expected) continue;
      // Credited at most once, and only what the row says.
      expect({ id, credits: r.credits, reversals: r.reversals }).toEqual({
        id,
        credits: r.status === 'credited' || r.status === 'reversed' ? 1 : 0,
        reversals: r.status === 'reversed' && BigInt(r.reversed ?? '0') > 0n ? 1 : 0,
      });
      if (r.credits) expect(r.credit_sum).toBe(r.amount);
      if (r.order_status === 'paid') expect(['pending', 'credited']).toContain(r.status);
      else {
        // Refunded: never left credited or still waiting.
        expect(['cancelled', 'reversed']).toContain(r.status);
        expect(r.reversal_sum ?? '0').toBe(r.reversed);
        expect(BigInt(r.reversed!) + BigInt(r.unrecovered!)).toBe(r.status === 'reversed' ? owed : 0n);
      }
      if (r.status === 'credited' || r.status === 'reversed') seen.credited++;
      if (r.status === 'reversed') seen.reversed++;
    }
  }
});
