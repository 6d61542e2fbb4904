import { z } from 'zod';
import { csvQuery, dayFilterFields } from './csv-schemas.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { MAX_USDT_MICROS, MONEY_ERRORS, parseMicros, usdtText } from './money.js';
import { idsBodySchema } from './sites-schemas.js';
import { plainText, storableString, userFilterText } from './text.js';

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

/**
 * A price: a decimal string ≥ 0 (a plan may be given away for a period); null = not sold for it.
 * `positive`: more than 0 (a coupon's amount). On storableString, so NUL never reaches the parser.
 */
const usdtPrice = (positive = false) =>
  storableString().transform((text, ctx) => {
    const micros = parseMicros(text);
    if (micros === undefined || micros < 0n || text.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: BILLING_ERRORS.price });
      return z.NEVER;
    }
    if (positive && micros === 0n) {
      ctx.addIssue({ code: 'custom', message: MONEY_ERRORS.positive });
      return z.NEVER;
    }
    if (micros > MAX_USDT_MICROS) {
      ctx.addIssue({ code: 'custom', message: MONEY_ERRORS.tooLarge });
      return z.NEVER;
    }
    return micros;
  });

const count = (max: number) => z.number().int().min(0).max(max);
const period = () => z.enum(PLAN_PERIODS);
const isoTime = () => z.iso.datetime({ offset: true });

export const planLimitsSchema = z.object({
  sites: count(100_000),
  monthly_pageviews: count(1_000_000_000_000),
  bots: count(100_000),
  retention_days: count(36_500),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const planSaveBodySchema = z.object({
  id: z.number().int().positive().optional(),
  name_zh: plainText(64).min(1, 'required'),
  name_en: plainText(64).min(1, 'required'),
  description_zh: plainText(2000).default(''),
  description_en: plainText(2000).default(''),
  prices: z.object(
    Object.fromEntries(PLAN_PERIODS.map((p) => [p, usdtPrice().nullable().default(null)])) as {
      [K in PlanPeriod]: z.ZodDefault<z.ZodNullable<ReturnType<typeof usdtPrice>>>;
    },
  ),
  limits: planLimitsSchema,
  on_sale: z.boolean().default(true),
  sort: z.number().int().min(-100_000).max(100_000).default(0),
});
export type PlanSaveBody = z.input<typeof planSaveBodySchema>;

export const planSchema = z.object({
  id: z.number().int(),
  name_zh: storableString(),
  name_en: storableString(),
  description_zh: storableString(),
  description_en: storableString(),
  /**
   * Every period, null where the plan is not sold for it. An object with each period named, not
   * `z.record(z.enum(…))`: that converts to a JSON schema whose `required` names properties it never
   * defines (the keys hide in `propertyNames`, which OpenAPI 3.0 drops).
   */
  prices: z.object(
    Object.fromEntries(PLAN_PERIODS.map((p) => [p, usdtText().nullable()])) as {
      [K in PlanPeriod]: z.ZodNullable<ReturnType<typeof usdtText>>;
    },
  ),
  limits: planLimitsSchema,
  on_sale: z.boolean(),
  sort: z.number().int(),
  /** The plan every account has without a paid subscription (one, seeded by the migration). */
  is_free: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.object({ list: z.array(planSchema) });

export const onOffBodySchema = z.object({
  id: z.number().int().positive(),
  status: z.union([z.literal(0), z.literal(1)]),
});
export const orderIdBodySchema = z.object({ id: z.number().int().positive() });

export const COUPON_KINDS = ['fixed', 'percent'] as const;
const codeSchema = () => storableString().regex(/^[A-Za-z0-9_-]{3,32}$/, BILLING_ERRORS.codeFormat);

/** The terms a coupon is given under: shared by one coupon's save and a batch's generation. */
const couponTerms = z.object({
  kind: z.enum(COUPON_KINDS),
  /** fixed: the amount taken off (never more than the price). */
  amount: usdtPrice(true).nullable().default(null),
  /** percent: 1–100, integer. */
  percent: z.number().int().min(1).max(100).nullable().default(null),
  /** Empty = every plan / every period. */
  plan_ids: z.array(z.number().int().positive()).max(100).default([]),
  periods: z.array(period()).max(PLAN_PERIODS.length).default([]),
  /** null = unlimited. */
  total_limit: z.number().int().min(1).max(10_000_000).nullable().default(null),
  per_user_limit: z.number().int().min(1).max(10_000).nullable().default(null),
  starts_at: isoTime().nullable().default(null),
  ends_at: isoTime().nullable().default(null),
  shown: z.boolean().default(false),
  enabled: z.boolean().default(true),
  note_zh: plainText(500).default(''),
  note_en: plainText(500).default(''),
});

function checkTerms(c: z.infer<typeof couponTerms>, ctx: z.RefinementCtx) {
  if (c.kind === 'fixed' && c.amount === null)
    ctx.addIssue({ code: 'custom', path: ['amount'], message: BILLING_ERRORS.couponFixed });
  if (c.kind === 'percent' && c.percent === null)
    ctx.addIssue({ code: 'custom', path: ['percent'], message: BILLING_ERRORS.couponPercent });
  if (c.starts_at && c.ends_at && Date.parse(c.ends_at) <= Date.parse(c.starts_at))
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: BILLING_ERRORS.window });
}

export const couponSaveBodySchema = couponTerms
  .extend({ id: z.number().int().positive().optional(), code: codeSchema().optional() })
  .superRefine(checkTerms);
export type CouponSaveBody = z.input<typeof couponSaveBodySchema>;

export const couponGenerateBodySchema = couponTerms
  .extend({
    count: z.number().int().min(1).max(500),
    prefix: z
      .string()
      .regex(/^[A-Za-z0-9_-]{0,12}$/, BILLING_ERRORS.codeFormat)
      .default(''),
  })
  .superRefine(checkTerms);

export const couponSchema = z.object({
  id: z.number().int(),
  code: storableString(),
  kind: z.enum(COUPON_KINDS),
  amount: usdtText().nullable(),
  percent: z.number().int().nullable(),
  plan_ids: z.array(z.number().int()),
  periods: z.array(period()),
  total_limit: z.number().int().nullable(),
  per_user_limit: z.number().int().nullable(),
  used: z.number().int(),
  starts_at: storableString().nullable(),
  ends_at: storableString().nullable(),
  shown: z.boolean(),
  enabled: z.boolean(),
  note_zh: storableString(),
  note_en: storableString(),
  created_at: storableString(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponPageSchema = pageSchema(couponSchema);
export const couponListSchema = z.object({ list: z.array(couponSchema) });
export const couponListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['-id', 'id']).default('-id'),
  keyword: plainText(32).optional(),
});

export const quoteBodySchema = z.object({
  plan_id: z.number().int().positive(),
  period: period(),
  coupon: plainText(32).optional(),
});
export type QuoteBody = z.input<typeof quoteBodySchema>;

export const quoteSchema = z.object({
  kind: z.enum(ORDER_KINDS),
  price: usdtText(),
  discount: usdtText(),
  /** The unused part of the current plan, pro rata by day (upgrades). */
  credit: usdtText(),
  total: usdtText(),
  coupon_code: storableString().nullable(),
  /** The expiry the order gives when paid now; null = never expires. */
  expires_at: storableString().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  no: storableString(),
  user_id: z.number().int(),
  username: storableString(),
  plan_id: z.number().int(),
  plan_name_zh: storableString(),
  plan_name_en: storableString(),
  period: period(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  price: usdtText(),
  discount: usdtText(),
  credit: usdtText(),
  total: usdtText(),
  coupon_code: storableString().nullable(),
  expires_at: storableString().nullable(),
  created_at: storableString(),
  paid_at: storableString().nullable(),
  cancelled_at: storableString().nullable(),
  refunded_at: storableString().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderPageSchema = pageSchema(orderSchema);

export const ownOrdersQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['-id', 'id']).default('-id'),
  status: z.enum(ORDER_STATUSES).optional(),
});

export const adminOrdersQuerySchema = pageQuerySchema
  .extend({
    sort: z.enum(['-id', 'id', '-total', 'total']).default('-id'),
    /** One order (the detail). */
    id: z.coerce.number().int().positive().optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    /** A user id, or part of the username or email. */
    user: userFilterText().optional(),
    plan_id: z.coerce.number().int().positive().optional(),
    no: plainText(32).optional(),
    /** Created between these days (on the `tz` clock), both included. */
    ...dayFilterFields,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'before from' });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export const refundBodySchema = z.object({
  id: z.number().int().positive(),
  note: plainText(200).default(''),
});

export const subscriptionSchema = z.object({
  plan: planSchema,
  period: period().nullable(),
  /** null: the free plan, or a one-off purchase (never expires). */
  expires_at: storableString().nullable(),
  usage: z.object({
    sites: z.number().int(),
    /** Page views of the user's sites this calendar month (UTC month, each site's local days). */
    monthly_pageviews: z.number().int(),
    bots: z.number().int(),
  }),
  /** `YYYY-MM`: the month `usage.monthly_pageviews` counts. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /**
   * The monthly page views against the plan's quota: `near` from 80 %, `over` from 100 % (page views
   * are still recorded; the dashboard warns).
   */
  quota_state: z.enum(['ok', 'near', 'over']),
  /** A paid term that ends within 3 days (the reminder mail goes then too). */
  expires_soon: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** 套餐购买 / 我的订单 and the public /price and /discount: every order call is the caller's own. */
export const BILLING_API = defineApi('billing', {
  /** Public: plans on sale (/price). */
  plans: endpoint({
    method: 'GET',
    path: '/api/v1/api2/plans/fetch',
    access: 'public',
    summary: 'List the plans on sale',
    response: planListSchema,
  }),
  /** Public: coupons marked shown (/discount). */
  discounts: endpoint({
    method: 'GET',
    path: '/api/v1/api2/coupons/shown',
    access: 'public',
    summary: 'List the coupons shown to everyone',
    response: couponListSchema,
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/api/v1/api2/subscription/info',
    access: 'account',
    summary: "The caller's plan, expiry and usage this month",
    response: subscriptionSchema,
  }),
  quote: endpoint({
    method: 'POST',
    path: '/api/v1/api2/orders/quote',
    access: 'account',
    summary: 'Price a plan and period for the caller (coupon, upgrade credit)',
    body: quoteBodySchema,
    response: quoteSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/api2/orders/create',
    access: 'account',
    summary: 'Create an order for a plan and period (paid at once when its total is 0)',
    body: quoteBodySchema,
    response: orderSchema,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/v1/api2/orders/pay',
    access: 'account',
    summary: "Pay one of the caller's pending orders from the balance",
    body: orderIdBodySchema,
    response: orderSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/v1/api2/orders/cancel',
    access: 'account',
    summary: "Cancel one of the caller's pending orders",
    body: orderIdBodySchema,
    response: orderSchema,
  }),
  orders: endpoint({
    method: 'GET',
    path: '/api/v1/api2/orders/fetch',
    access: 'account',
    summary: "List the caller's orders",
    query: ownOrdersQuerySchema,
    response: orderPageSchema,
  }),
  /** The caller's orders as CSV: every filtered row in the list's order, streamed (csv.ts). */
  ordersExport: endpoint({
    method: 'GET',
    path: '/api/v1/api2/orders/export',
    access: 'account',
    file: true,
    summary: "The caller's orders as a CSV file",
    query: csvQuery(ownOrdersQuerySchema),
    response: nothing,
  }),
});
export const BILLING_PATHS = pathsOf(BILLING_API);

/** 套餐管理 (a tab of 交易订单): every plan, admins only (ACCESS.orders). */
export const ADMIN_PLAN_API = defineApi('plans', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/plans/fetch',
    access: 'orders',
    summary: 'List every plan, on sale or hidden',
    response: planListSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/plans/save',
    access: 'orders',
    summary: 'Create a plan (no id) or update one',
    body: planSaveBodySchema,
    response: planSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/plans/del',
    access: 'orders',
    summary: 'Delete plans that have no orders or subscribers',
    body: idsBodySchema,
    response: nothing,
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/plans/switch',
    access: 'orders',
    summary: 'Put a plan on sale or hide it',
    body: onOffBodySchema,
    response: nothing,
  }),
});
export const ADMIN_PLAN_PATHS = pathsOf(ADMIN_PLAN_API);

/** 优惠券 (a tab of 交易订单): admins only (ACCESS.orders). */
export const ADMIN_COUPON_API = defineApi('coupons', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/coupons/fetch',
    access: 'orders',
    summary: 'List coupons (search by code)',
    query: couponListQuerySchema,
    response: couponPageSchema,
  }),
  /** The filtered coupons as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/coupons/export',
    access: 'orders',
    file: true,
    summary: 'The filtered coupons as a CSV file',
    query: csvQuery(couponListQuerySchema),
    response: nothing,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/coupons/save',
    access: 'orders',
    summary: 'Create a coupon (no id) or update one',
    body: couponSaveBodySchema,
    response: couponSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/coupons/del',
    access: 'orders',
    summary: 'Delete coupons',
    body: idsBodySchema,
    response: nothing,
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/coupons/switch',
    access: 'orders',
    summary: 'Enable or disable a coupon',
    body: onOffBodySchema,
    response: nothing,
  }),
  generate: endpoint({
    method: 'POST',
    path: '/api/v1/admin/coupons/generate',
    access: 'orders',
    summary: 'Generate a batch of coupons with random codes under the same terms',
    body: couponGenerateBodySchema,
    response: couponListSchema,
  }),
});
export const ADMIN_COUPON_PATHS = pathsOf(ADMIN_COUPON_API);

/** 交易订单 (/orders/orders): every user's orders, admins only (ACCESS.orders). */
export const ADMIN_ORDER_API = defineApi('orders', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/orders/fetch',
    access: 'orders',
    summary: 'List orders (status, user, plan, number, days), or one order by id',
    query: adminOrdersQuerySchema,
    response: orderPageSchema,
  }),
  /** The filtered orders as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/orders/export',
    access: 'orders',
    file: true,
    summary: 'The filtered orders as a CSV file',
    query: csvQuery(adminOrdersQuerySchema),
    response: nothing,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/v1/admin/orders/cancel',
    access: 'orders',
    summary: "Cancel a user's pending order",
    body: orderIdBodySchema,
    response: orderSchema,
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/v1/admin/orders/refund',
    access: 'orders',
    summary: "Refund a user's latest paid order to the balance",
    body: refundBodySchema,
    response: orderSchema,
  }),
});
export const ADMIN_ORDER_PATHS = pathsOf(ADMIN_ORDER_API);

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
