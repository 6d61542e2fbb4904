import { randomInt } from 'node:crypto';
import { ERROR, formatMicros, type Order, type PlanPeriod, type Quote } from '@tally/contracts';
import type { CouponRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { OrderWithNames } from './orders.repository.js';
import type { Pricing } from './pricing.js';

/** The 422 of an order in the wrong state for the call (pending, paid, the latest). */
export const conflict = (message: string) => new AppError(ERROR.CONFLICT, 422, message, { id: [message] });

/** The order number: UTC date and time to the second, then six random digits. */
export function orderNo(now: Date): string {
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
export const amountColumns = (p: Pricing) => ({
  kind: p.kind,
  priceMicros: p.price,
  discountMicros: p.discount,
  creditMicros: p.credit,
  totalMicros: p.total,
});

export function toQuote(p: Pricing, coupon: CouponRow | undefined): Quote {
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
