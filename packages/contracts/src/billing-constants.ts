/**
 * Plain values of billing without zod (billing-schemas.ts builds the schemas from them), so that web
 * pages can import them without loading the schemas. billing.ts re-exports them.
 */

/**
 * Plans, coupons, orders and the user's subscription (issue 16). Money is micro-USDT in code and a
 * decimal string in JSON (money.ts). A percent coupon is an integer percent (1–100); its discount is
 * `floor(price × percent / 100)` micro-USDT, so the customer never pays a fraction of a micro less
 * than the percent says and no float sees the amount.
 */
export const PLAN_PERIODS = ['month', 'quarter', 'half_year', 'year', 'onetime'] as const;

export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** Calendar months a period adds to the expiry; a one-off purchase never expires (null). */
export const PERIOD_MONTHS: Record<PlanPeriod, number | null> = {
  month: 1,
  quarter: 3,
  half_year: 6,
  year: 12,
  onetime: null,
};

export const PERIOD_LABELS: Record<PlanPeriod, { zh: string; en: string }> = {
  month: { zh: '月付', en: 'Monthly' },
  quarter: { zh: '季付', en: 'Quarterly' },
  half_year: { zh: '半年付', en: 'Half-yearly' },
  year: { zh: '年付', en: 'Yearly' },
  onetime: { zh: '一次性', en: 'One-off' },
};

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** new: from the free plan; renew: the same plan, expiry extended; upgrade: another plan, credit for the old. */
export const ORDER_KINDS = ['new', 'renew', 'upgrade'] as const;

export type OrderKind = (typeof ORDER_KINDS)[number];

export const BILLING_ERRORS = {
  price: 'an amount in USDT such as 12.5, at most 6 decimals, 0 or more',
  notSold: 'this plan is not sold for this period',
  couponUnknown: 'no such coupon',
  couponExpired: 'this coupon is not valid now',
  couponPlan: 'this coupon does not apply to this plan or period',
  couponUsedUp: 'this coupon has been used up',
  couponPerUser: 'you have used this coupon as often as allowed',
  pendingExists: 'You already have an unpaid order; pay or cancel it first.',
  notPending: 'This order is not waiting for payment.',
  notPaid: 'Only a paid order can be refunded.',
  notLatest: 'Only the latest paid order of a user can be refunded (a later order builds on it).',
  lifetime: 'you already own this plan for life',
  freePlan: 'the free plan cannot be deleted or hidden',
  planInUse: 'a plan with orders or subscribers cannot be deleted; hide it instead',
  couponFixed: 'required for a fixed-amount coupon',
  couponPercent: 'required for a percent coupon',
  codeFormat: '3 to 32 letters, digits, _ or -',
  codeTaken: 'this code exists already',
  window: 'before the start',
} as const;

export const COUPON_KINDS = ['fixed', 'percent'] as const;

/** The audit trail's actions of plans, coupons and orders (audit.ts gathers every area's; the web labels each). */
export const BILLING_AUDIT_ACTIONS = [
  'plans.create',
  'plans.update',
  'plans.switch',
  'plans.delete',
  'coupons.create',
  'coupons.update',
  'coupons.generate',
  'coupons.switch',
  'coupons.delete',
  'orders.cancel',
  'orders.refund',
] as const;
