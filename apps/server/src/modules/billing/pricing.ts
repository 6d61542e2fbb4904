import { BILLING_ERRORS, type OrderKind, PERIOD_MONTHS, type PlanPeriod } from '@tally/contracts';
import type { CouponRow, PlanRow, SubscriptionRow } from '../../db/schema/index.js';
import { fieldError } from '../../lib/errors.js';

/**
 * What an order costs, computed by the server only (the page shows this before paying). Pure: the
 * same function prices the quote, the order and the payment (inside its transaction, on the locked
 * subscription), so they cannot disagree. All integer micro-USDT; see the rounding rules below.
 */
export interface Pricing {
  kind: OrderKind;
  price: bigint;
  discount: bigint;
  credit: bigint;
  total: bigint;
  /** The subscription this order gives when paid at `now`. */
  termStart: Date;
  expiresAt: Date | null;
  value: bigint;
}

export const DAY_MS = 86_400_000;

export const PRICE_COLUMN: Record<PlanPeriod, keyof PlanRow> = {
  month: 'priceMonth',
  quarter: 'priceQuarter',
  half_year: 'priceHalfYear',
  year: 'priceYear',
  onetime: 'priceOnetime',
};

export function priceOf(plan: PlanRow, period: PlanPeriod): bigint | null {
  return plan[PRICE_COLUMN[period]] as bigint | null;
}

/** Calendar months in UTC; the 31st plus a month is the last day of a shorter month (Jan 31 → Feb 28). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** A paid subscription still running at `now` (else the account is on the free plan). */
export function activeSubscription(sub: SubscriptionRow | undefined, now: Date): SubscriptionRow | undefined {
  if (!sub) return undefined;
  return sub.expiresAt === null || sub.expiresAt > now ? sub : undefined;
}

/**
 * Coupon discount. Fixed: the amount, at most the price (a coupon never makes a total negative).
 * Percent: floor(price × percent / 100) — rounded down, so the discount never exceeds the percent.
 */
export function discountFor(coupon: CouponRow | undefined, price: bigint): bigint {
  if (!coupon) return 0n;
  const raw =
    coupon.kind === 'fixed' ? (coupon.amountMicros ?? 0n) : (price * BigInt(coupon.percent ?? 0)) / 100n;
  return raw > price ? price : raw;
}

/**
 * The unused part of the current term, pro rata by whole days left:
 * floor(value × floor(days left) / ceil(days in the term)). A one-off plan has no term, so no credit.
 */
export function upgradeCredit(sub: SubscriptionRow, now: Date): bigint {
  if (sub.expiresAt === null) return 0n;
  const left = Math.floor((sub.expiresAt.getTime() - now.getTime()) / DAY_MS);
  const term = Math.max(1, Math.ceil((sub.expiresAt.getTime() - sub.termStart.getTime()) / DAY_MS));
  if (left <= 0) return 0n;
  return (sub.valueMicros * BigInt(Math.min(left, term))) / BigInt(term);
}

/** Throws the 422 a form shows when the coupon cannot be used for this plan and period at `now`. */
export function checkCouponTerms(coupon: CouponRow, planId: number, period: PlanPeriod, now: Date): void {
  if (
    !coupon.enabled ||
    (coupon.startsAt && coupon.startsAt > now) ||
    (coupon.endsAt && coupon.endsAt <= now)
  )
    throw fieldError('coupon', BILLING_ERRORS.couponExpired);
  if (coupon.planIds.length > 0 && !coupon.planIds.includes(planId))
    throw fieldError('coupon', BILLING_ERRORS.couponPlan);
  if (coupon.periods.length > 0 && !coupon.periods.includes(period))
    throw fieldError('coupon', BILLING_ERRORS.couponPlan);
  if (coupon.totalLimit !== null && coupon.used >= coupon.totalLimit)
    throw fieldError('coupon', BILLING_ERRORS.couponUsedUp);
}

export function price(
  plan: PlanRow,
  period: PlanPeriod,
  coupon: CouponRow | undefined,
  current: SubscriptionRow | undefined,
  now: Date,
): Pricing {
  const listed = priceOf(plan, period);
  if (listed === null || !plan.onSale || plan.isFree) throw fieldError('period', BILLING_ERRORS.notSold);
  const active = activeSubscription(current, now);
  const months = PERIOD_MONTHS[period];
  const discount = discountFor(coupon, listed);
  const paid = listed - discount;

  if (active && active.planId === plan.id) {
    if (active.expiresAt === null) throw fieldError('plan_id', BILLING_ERRORS.lifetime);
    // Renewal: the new period is added to the current expiry; a one-off purchase makes it lifelong.
    return {
      kind: 'renew',
      price: listed,
      discount,
      credit: 0n,
      total: paid,
      termStart: active.termStart,
      expiresAt: months === null ? null : addMonths(active.expiresAt, months),
      value: active.valueMicros + paid,
    };
  }
  // A credit above the new total is not paid out: the total stops at zero.
  const owed = active ? upgradeCredit(active, now) : 0n;
  const credit = owed > paid ? paid : owed;
  return {
    kind: active ? 'upgrade' : 'new',
    price: listed,
    discount,
    credit,
    total: paid - credit,
    termStart: now,
    expiresAt: months === null ? null : addMonths(now, months),
    value: paid,
  };
}
