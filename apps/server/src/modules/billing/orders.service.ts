import { BILLING_ERRORS, type Order, type PlanPeriod, type Quote, type QuoteBody } from '@tally/contracts';
import type { Executor } from '../../db/client.js';
import type { ListQuery } from '../../db/list-query.js';
import type { PlanRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../audit/audit.service.js';
import type { Notices } from '../telegram/notices.service.js';
import { type OrderHook, OrderPayments, type PaymentDeps } from './order-payments.js';
import { amountColumns, conflict, orderNo, toOrder, toQuote } from './order-views.js';
import type { OrderFilter } from './orders.repository.js';
import { activeSubscription, price } from './pricing.js';

/** Unpaid orders older than this are cancelled by the `billing.cancel-stale` job. */
export const PENDING_MINUTES = 30;

export interface OrdersDeps extends PaymentDeps {
  notices: Notices;
}

/**
 * Orders: quote, create, pay from the balance, cancel, refund, and the plan that applies to a user.
 * Prices come from `pricing.ts` (pure); the paying and refunding transactions are `order-payments.ts`;
 * the answers' shapes are `order-views.ts`.
 */
export class OrdersService {
  private readonly payments: OrderPayments;

  constructor(private readonly deps: OrdersDeps) {
    this.payments = new OrderPayments(deps);
  }

  /** `hook(order, tx)` runs in each paying transaction, with the order as paid. */
  onPaid(hook: OrderHook): void {
    this.payments.onPaid(hook);
  }

  /** `hook(order, tx)` runs in each refunding transaction, after the refund entry. */
  onRefunded(hook: OrderHook): void {
    this.payments.onRefunded(hook);
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

  /** Pays a pending order from the balance in one transaction (`OrderPayments.pay`), then tells the user. */
  async pay(userId: number, orderId: number): Promise<Order> {
    await this.payments.pay(userId, orderId);
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

  /** Admin refund of the user's latest paid order, in one transaction (`OrderPayments.refund`). */
  async refund(orderId: number, actor: Actor, note = ''): Promise<Order> {
    await this.payments.refund(orderId, actor, note);
    return this.detail(orderId);
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

  /** Takings since `from` (micro-USDT): paid orders' totals, refunded ones excluded. For the admin console. */
  revenueSince(from: Date): Promise<{ amount: bigint; orders: number }> {
    return this.deps.repo.revenue(from, this.deps.clock());
  }
}
