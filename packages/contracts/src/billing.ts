import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { MAX_USDT_MICROS, MONEY_ERRORS, parseMicros, usdtText } from './money.js';
import { calendarDay, plainText, storableString } from './text.js';

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

export const BILLING_PATHS = {
  /** Public: plans on sale (/price). */
  plans: '/api/v1/api2/plans/fetch',
  /** Public: coupons marked shown (/discount). */
  discounts: '/api/v1/api2/coupons/shown',
  subscription: '/api/v1/api2/subscription/info',
  quote: '/api/v1/api2/orders/quote',
  create: '/api/v1/api2/orders/create',
  pay: '/api/v1/api2/orders/pay',
  cancel: '/api/v1/api2/orders/cancel',
  orders: '/api/v1/api2/orders/fetch',
} as const;

export const ADMIN_PLAN_PATHS = {
  fetch: '/api/v1/admin/plans/fetch',
  save: '/api/v1/admin/plans/save',
  del: '/api/v1/admin/plans/del',
  switch: '/api/v1/admin/plans/switch',
} as const;

export const ADMIN_COUPON_PATHS = {
  fetch: '/api/v1/admin/coupons/fetch',
  save: '/api/v1/admin/coupons/save',
  del: '/api/v1/admin/coupons/del',
  switch: '/api/v1/admin/coupons/switch',
  generate: '/api/v1/admin/coupons/generate',
} as const;

export const ADMIN_ORDER_PATHS = {
  fetch: '/api/v1/admin/orders/fetch',
  cancel: '/api/v1/admin/orders/cancel',
  refund: '/api/v1/admin/orders/refund',
} as const;

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
  prices: z.record(z.enum(PLAN_PERIODS), usdtText().nullable()),
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
    user: plainText(64).optional(),
    plan_id: z.coerce.number().int().positive().optional(),
    no: plainText(32).optional(),
    from: calendarDay().optional(),
    to: calendarDay().optional(),
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
