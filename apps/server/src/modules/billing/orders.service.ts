import { randomInt } from 'node:crypto';
import {
  BILLING_ERRORS,
  ERROR,
  formatMicros,
  type Order,
  type PlanPeriod,
  type Quote,
  type QuoteBody,
} from '@tally/contracts';
import type { Executor, Transactor, Tx } from '../../db/client.js';
import type { CouponRow, OrderRow, PlanRow } from '../../db/schema/index.js';
import { lockUser } from '../../db/user-lock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { ListQuery } from '../../lib/list-query.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { Notices } from '../telegram/notices.js';
import type { CouponsService } from './coupons.service.js';
import type { OrderFilter, OrdersRepository, OrderWithNames } from './orders.repository.js';
import type { PlansService } from './plans.service.js';
import { activeSubscription, type Pricing, price } from './pricing.js';

/** Unpaid orders older than this are cancelled by the `billing.cancel-stale` job. */
export const PENDING_MINUTES = 30;

export interface OrdersDeps {
  repo: OrdersRepository;
  plans: PlansService;
  coupons: CouponsService;
  ledger: LedgerService;
  audit: AuditService;
  db: Transactor;
  clock: () => Date;
  notices: Notices;
}

/**
 * Another area's part of a payment or refund (the invites module's commission), run inside the same
 * transaction after the order row changed: it commits with the order or not at all.
 */
export type OrderHook = (order: OrderRow, tx: Tx) => Promise<void>;

const conflict = (message: string) => new AppError(ERROR.CONFLICT, 422, message, { id: [message] });

function orderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function toOrder(o: OrderWithNames): Order {
  return {
    id: o.id,
    no: o.no,
    user_id: o.userId,
    username: o.username,
    plan_id: o.planId,
    plan_name_zh: o.planNameZh,
    plan_name_en: o.planNameEn,
    period: o.period as PlanPeriod,
    kind: o.kind,
    status: o.status,
    price: formatMicros(o.priceMicros),
    discount: formatMicros(o.discountMicros),
    credit: formatMicros(o.creditMicros),
    total: formatMicros(o.totalMicros),
    coupon_code: o.couponCode,
    expires_at: o.expiresAt?.toISOString() ?? null,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    cancelled_at: o.cancelledAt?.toISOString() ?? null,
    refunded_at: o.refundedAt?.toISOString() ?? null,
  };
}

/** An order's kind and amounts as its columns. */
const amountColumns = (p: Pricing) => ({
  kind: p.kind,
  priceMicros: p.price,
  discountMicros: p.discount,
  creditMicros: p.credit,
  totalMicros: p.total,
});

function toQuote(p: Pricing, coupon: CouponRow | undefined): Quote {
  return {
    kind: p.kind,
    price: formatMicros(p.price),
    discount: formatMicros(p.discount),
    credit: formatMicros(p.credit),
    total: formatMicros(p.total),
    coupon_code: coupon?.code ?? null,
    expires_at: p.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Orders: quote, create, pay from the balance, cancel, refund. Money moves only through
 * `ledger.post`, inside the same transaction as the order and subscription rows (modules/ledger).
 */
export class OrdersService {
  private readonly paidHooks: OrderHook[] = [];
  private readonly refundHooks: OrderHook[] = [];

  constructor(private readonly deps: OrdersDeps) {}

  /** `hook(order, tx)` runs in each paying transaction, with the order as paid. */
  onPaid(hook: OrderHook): void {
    this.paidHooks.push(hook);
  }

  /** `hook(order, tx)` runs in each refunding transaction, after the refund entry. */
  onRefunded(hook: OrderHook): void {
    this.refundHooks.push(hook);
  }

  private async priced(userId: number, body: QuoteBody, now: Date) {
    const plan = await this.deps.plans.row(body.plan_id);
    const coupon = body.coupon
      ? await this.deps.coupons.usable(body.coupon, plan.id, body.period, userId, now)
      : undefined;
    const pricing = price(plan, body.period, coupon, await this.deps.repo.subscription(userId), now);
    return { plan, coupon, pricing };
  }

  /** What the order would cost now; nothing is written. */
  async quote(userId: number, body: QuoteBody): Promise<Quote> {
    const { coupon, pricing } = await this.priced(userId, body, this.deps.clock());
    return toQuote(pricing, coupon);
  }

  /** A pending order (one per user); a zero total is paid at once, without a ledger entry. */
  async create(userId: number, body: QuoteBody): Promise<Order> {
    const now = this.deps.clock();
    const { plan, coupon, pricing } = await this.priced(userId, body, now);
    const row = await this.deps.repo.insertPending({
      no: orderNo(now),
      userId,
      planId: plan.id,
      period: body.period,
      ...amountColumns(pricing),
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
    });
    if (!row) throw conflict(BILLING_ERRORS.pendingExists);
    if (pricing.total === 0n) return this.pay(userId, row.id);
    return this.detail(row.id);
  }

  /**
   * Pays a pending order from the balance, in one transaction: the price is computed again on the
   * locked subscription, the coupon use taken, the order marked paid, the ledger posted (not for a zero
   * total) and the subscription started or extended. Short funds: 422 INSUFFICIENT_BALANCE, nothing kept.
   */
  async pay(userId: number, orderId: number): Promise<Order> {
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      // A user's payments and refunds in turn: a refund never rolls back a subscription a payment just changed.
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
      await this.startTerm(repo, userId, plan, period, pricing);
      const paid: OrderRow = { ...order, ...amountColumns(pricing), status: 'paid', paidAt: now };
      for (const hook of this.paidHooks) await hook(paid, tx);
    });
    const paid = await this.detail(orderId);
    await this.deps.notices.tell(userId, {
      kind: 'order_paid',
      no: paid.no,
      planZh: paid.plan_name_zh,
      planEn: paid.plan_name_en,
      total: paid.total,
    });
    return paid;
  }

  private startTerm(repo: OrdersRepository, userId: number, plan: PlanRow, period: PlanPeriod, p: Pricing) {
    return repo.saveSubscription({
      userId,
      planId: plan.id,
      period,
      termStart: p.termStart,
      expiresAt: p.expiresAt,
      valueMicros: p.value,
    });
  }

  /** The owner (userId) or an admin (userId null) cancels a pending order. */
  async cancel(orderId: number, userId: number | null, actor?: Actor): Promise<Order> {
    const order = await this.deps.repo.findWithNames(orderId);
    if (!order || (userId !== null && order.userId !== userId)) throw notFound('No such order');
    if (!(await this.deps.repo.cancel(orderId, this.deps.clock()))) throw conflict(BILLING_ERRORS.notPending);
    if (actor)
      await this.deps.audit.record({
        actorId: actor.userId,
        ip: actor.ip,
        action: 'orders.cancel',
        target: `order:${order.no}`,
      });
    return this.detail(orderId);
  }

  /** The job: unpaid orders older than PENDING_MINUTES are cancelled. */
  cancelStale(): Promise<number> {
    const now = this.deps.clock();
    return this.deps.repo.cancelStale(new Date(now.getTime() - PENDING_MINUTES * 60_000), now);
  }

  /**
   * Admin refund of a paid order, in one transaction: the total back to the balance (a `refund`
   * entry), the subscription rolled back to what it was before the order, the audit row. Only the
   * user's latest paid order: an earlier one has later orders built on its subscription.
   */
  async refund(orderId: number, actor: Actor, note = ''): Promise<Order> {
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
      await this.rollBack(repo, order);
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
    return this.detail(orderId);
  }

  private rollBack(repo: OrdersRepository, order: OrderRow) {
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

  async detail(orderId: number, userId?: number): Promise<Order> {
    const row = await this.deps.repo.findWithNames(orderId);
    if (!row || (userId !== undefined && row.userId !== userId)) throw notFound('No such order');
    return toOrder(row);
  }

  async list(filter: OrderFilter, query: ListQuery) {
    const page = await this.deps.repo.list(filter, query);
    return { ...page, list: page.list.map(toOrder) };
  }

  /**
   * The plan whose limits apply to the user now: the paid one while it runs, else the free plan (an
   * expired subscription's row stays, only its limits stop applying). `tx` inside another area's
   * transaction (the site limit).
   */
  async currentPlan(
    userId: number,
    tx?: Executor,
  ): Promise<{ plan: PlanRow; period: PlanPeriod | null; expiresAt: Date | null }> {
    const repo = tx ? this.deps.repo.in(tx) : this.deps.repo;
    const sub = activeSubscription(await repo.subscription(userId), this.deps.clock());
    if (!sub) return { plan: await this.deps.plans.free(tx), period: null, expiresAt: null };
    return {
      plan: await this.deps.plans.row(sub.planId, tx),
      period: sub.period as PlanPeriod,
      expiresAt: sub.expiresAt,
    };
  }

  /** Today's revenue (UTC day) for the admin console's figures: paid orders' totals, refunds excluded. */
  /** Takings since `from` (micro-USDT): paid orders' totals, refunded ones excluded. For the admin console. */
  revenueSince(from: Date): Promise<{ amount: bigint; orders: number }> {
    return this.deps.repo.revenue(from, this.deps.clock());
  }
}
