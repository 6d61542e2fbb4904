import { z } from 'zod';
import {
  BILLING_ERRORS,
  COUPON_KINDS,
  ORDER_KINDS,
  ORDER_STATUSES,
  PLAN_PERIODS,
  type PlanPeriod,
} from './billing-constants.js';
import { dayFilterFields } from './csv-schemas.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { MAX_USDT_MICROS, MONEY_ERRORS, parseMicros } from './money.js';
import { usdtText } from './money-schemas.js';
import { plainText, storableString, userFilterText } from './text.js';

/** The schemas of billing (billing.ts declares the calls, billing-constants.ts the plain values). */

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
