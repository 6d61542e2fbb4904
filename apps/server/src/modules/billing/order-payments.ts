import { BILLING_ERRORS, formatMicros, type PlanPeriod } from '@tally/contracts';
import type { Transactor, Tx } from '../../db/client.js';
import type { OrderRow, PlanRow } from '../../db/schema/index.js';
import { lockUser } from '../../db/user-lock.js';
import { notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { CouponsService } from './coupons.service.js';
import { amountColumns, conflict } from './order-views.js';
import type { OrdersRepository } from './orders.repository.js';
import type { PlansService } from './plans.service.js';
import { activeSubscription, type Pricing, price } from './pricing.js';

export interface PaymentDeps {
  repo: OrdersRepository;
  plans: PlansService;
  coupons: CouponsService;
  ledger: LedgerService;
  audit: AuditService;
  db: Transactor;
  clock: () => Date;
}

/**
 * Another area's part of a payment or refund (the invites module's commission), run inside the same
 * transaction after the order row changed: it commits with the order or not at all.
 */
export type OrderHook = (order: OrderRow, tx: Tx) => Promise<void>;

/**
 * The two transactions of an order that move money: paying it from the balance and refunding it.
 * Each holds the user's row first (`lockUser`), so one user's payments and refunds run in turn and a
 * refund never rolls back a subscription a payment just changed. Money moves only through
 * `ledger.post`, in the same transaction as the order and subscription rows (modules/ledger).
 */
export class OrderPayments {
  private readonly paidHooks: OrderHook[] = [];
  private readonly refundHooks: OrderHook[] = [];

  constructor(private readonly deps: PaymentDeps) {}

  onPaid(hook: OrderHook): void {
    this.paidHooks.push(hook);
  }

  onRefunded(hook: OrderHook): void {
    this.refundHooks.push(hook);
  }

  /**
   * Pays a pending order from the balance: the price is computed again on the locked subscription,
   * the coupon use taken, the order marked paid, the ledger posted (not for a zero total) and the
   * subscription started or extended. Short funds: 422 INSUFFICIENT_BALANCE, nothing kept.
   */
  async pay(userId: number, orderId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      await lockUser(tx, userId);
      const order = await repo.lock(orderId);
      if (!order || order.userId !== userId) throw notFound('No such order');
      if (order.status !== 'pending') throw conflict(BILLING_ERRORS.notPending);
      const now = this.deps.clock();
      const period = order.period as PlanPeriod;
      const coupon = order.couponId
        ? await this.deps.coupons.take(order.couponId, order.planId, period, userId, order.id, now, tx)
        : undefined;
      const plan = await this.deps.plans.row(order.planId, tx);
      const current = await repo.subscription(userId);
      const pricing = price(plan, period, coupon, current, now);
      const prev = activeSubscription(current, now);
      await repo.markPaid(
        order.id,
        {
          ...amountColumns(pricing),
          expiresAt: pricing.expiresAt,
          prevPlanId: prev?.planId ?? null,
          prevPeriod: prev?.period ?? null,
          prevTermStart: prev?.termStart ?? null,
          prevExpiresAt: prev?.expiresAt ?? null,
          prevValueMicros: prev?.valueMicros ?? null,
        },
        now,
      );
      if (pricing.total > 0n)
        await this.deps.ledger.post(
          {
            userId,
            account: 'balance',
            kind: 'order_payment',
            amount: -pricing.total,
            ref: { type: 'order', id: String(order.id) },
            actorId: userId,
            note: order.no,
          },
          tx,
        );
      await startTerm(repo, userId, plan, period, pricing);
      const paid: OrderRow = { ...order, ...amountColumns(pricing), status: 'paid', paidAt: now };
      for (const hook of this.paidHooks) await hook(paid, tx);
    });
  }

  /**
   * Refunds a paid order: the total back to the balance (a `refund` entry), the subscription rolled
   * back to what it was before the order, the audit row. Only the user's latest paid order: an
   * earlier one has later orders built on its subscription.
   */
  async refund(orderId: number, actor: Actor, note: string): Promise<void> {
    const found = await this.deps.repo.findWithNames(orderId);
    if (!found) throw notFound('No such order');
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      await lockUser(tx, found.userId);
      const order = (await repo.lock(orderId))!;
      if (order.status !== 'paid') throw conflict(BILLING_ERRORS.notPaid);
      if ((await repo.latestPaidId(order.userId)) !== order.id) throw conflict(BILLING_ERRORS.notLatest);
      const now = this.deps.clock();
      await repo.markRefunded(order.id, now);
      if (order.totalMicros > 0n)
        await this.deps.ledger.post(
          {
            userId: order.userId,
            account: 'balance',
            kind: 'refund',
            amount: order.totalMicros,
            ref: { type: 'order', id: String(order.id) },
            actorId: actor.userId,
            note: note || order.no,
          },
          tx,
        );
      await rollBack(repo, order);
      for (const hook of this.refundHooks) await hook({ ...order, status: 'refunded', refundedAt: now }, tx);
      await this.deps.audit.record(
        {
          actorId: actor.userId,
          ip: actor.ip,
          action: 'orders.refund',
          target: `order:${order.no}`,
          before: { status: 'paid' },
          after: { status: 'refunded', amount: formatMicros(order.totalMicros), note },
        },
        tx,
      );
    });
  }
}

/** The subscription a paid order gives: a new term, or the current one extended. */
function startTerm(repo: OrdersRepository, userId: number, plan: PlanRow, period: PlanPeriod, p: Pricing) {
  return repo.saveSubscription({
    userId,
    planId: plan.id,
    period,
    termStart: p.termStart,
    expiresAt: p.expiresAt,
    valueMicros: p.value,
  });
}

/** The subscription as it was before a refunded order (none, when the order started the first one). */
function rollBack(repo: OrdersRepository, order: OrderRow) {
  if (order.prevPlanId === null) return repo.dropSubscription(order.userId);
  return repo.saveSubscription({
    userId: order.userId,
    planId: order.prevPlanId,
    period: order.prevPeriod ?? 'month',
    termStart: order.prevTermStart ?? order.createdAt,
    expiresAt: order.prevExpiresAt,
    valueMicros: order.prevValueMicros ?? 0n,
  });
}
