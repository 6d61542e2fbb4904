import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Plans, coupons, orders and subscriptions (modules/billing). Money is micro-USDT (bigint); a null
 * price means the plan is not sold for that period.
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    priceMonth: bigint('price_month', { mode: 'bigint' }),
    priceQuarter: bigint('price_quarter', { mode: 'bigint' }),
    priceHalfYear: bigint('price_half_year', { mode: 'bigint' }),
    priceYear: bigint('price_year', { mode: 'bigint' }),
    priceOnetime: bigint('price_onetime', { mode: 'bigint' }),
    maxSites: integer('max_sites').notNull(),
    monthlyPageviews: bigint('monthly_pageviews', { mode: 'number' }).notNull(),
    maxBots: integer('max_bots').notNull(),
    retentionDays: integer('retention_days').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    isFree: boolean('is_free').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly one free plan: what an account without a paid subscription has.
    uniqueIndex('plans_one_free_key').on(t.isFree).where(sql`${t.isFree}`),
    check(
      'plans_prices_nonnegative',
      sql`coalesce(${t.priceMonth}, 0) >= 0 and coalesce(${t.priceQuarter}, 0) >= 0 and coalesce(${t.priceHalfYear}, 0) >= 0 and coalesce(${t.priceYear}, 0) >= 0 and coalesce(${t.priceOnetime}, 0) >= 0`,
    ),
  ],
);

/** A user's paid plan; no row (or an expired one) = the free plan. */
export const subscriptions = pgTable('subscriptions', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: integer('plan_id')
    .notNull()
    .references(() => plans.id),
  period: text('period').notNull(),
  /** Start of the current term: the pro-rata credit of an upgrade is counted from here to the expiry. */
  termStart: timestamp('term_start', { withTimezone: true }).notNull(),
  /** null: a one-off purchase, never expires. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** What the current term was paid (before upgrade credits): the base of the pro-rata credit. */
  valueMicros: bigint('value_micros', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').$type<'fixed' | 'percent'>().notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }),
    percent: integer('percent'),
    planIds: integer('plan_ids').array().notNull().default(sql`'{}'::integer[]`),
    periods: text('periods').array().notNull().default(sql`'{}'::text[]`),
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit'),
    /** Paid orders that used it; raised by the paying transaction, never past total_limit. */
    used: integer('used').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    shown: boolean('shown').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    noteZh: text('note_zh').notNull().default(''),
    noteEn: text('note_en').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`upper(${t.code})`),
    check('coupons_used_within_limit', sql`${t.totalLimit} is null or ${t.used} <= ${t.totalLimit}`),
    check(
      'coupons_value_check',
      sql`(${t.kind} = 'fixed' and ${t.amountMicros} > 0) or (${t.kind} = 'percent' and ${t.percent} between 1 and 100)`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    no: text('no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    period: text('period').notNull(),
    kind: text('kind').$type<'new' | 'renew' | 'upgrade'>().notNull(),
    status: text('status')
      .$type<'pending' | 'paid' | 'cancelled' | 'refunded'>()
      .notNull()
      .default('pending'),
    priceMicros: bigint('price_micros', { mode: 'bigint' }).notNull(),
    discountMicros: bigint('discount_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    creditMicros: bigint('credit_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    totalMicros: bigint('total_micros', { mode: 'bigint' }).notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    /** The expiry this order gave (paid orders). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The subscription before payment, to roll it back on refund; null plan = the free plan. */
    prevPlanId: integer('prev_plan_id'),
    prevPeriod: text('prev_period'),
    prevTermStart: timestamp('prev_term_start', { withTimezone: true }),
    prevExpiresAt: timestamp('prev_expires_at', { withTimezone: true }),
    prevValueMicros: bigint('prev_value_micros', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_no_key').on(t.no),
    // One unpaid order per user at a time, whatever two requests do at once.
    uniqueIndex('orders_one_pending_per_user').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    check('orders_status_check', sql`${t.status} in ('pending', 'paid', 'cancelled', 'refunded')`),
    check(
      'orders_amounts_check',
      sql`${t.priceMicros} >= 0 and ${t.discountMicros} >= 0 and ${t.creditMicros} >= 0 and ${t.totalMicros} >= 0 and ${t.totalMicros} = ${t.priceMicros} - ${t.discountMicros} - ${t.creditMicros}`,
    ),
  ],
);

/** One row per paid order that used a coupon: the per-user limit counts these. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('coupon_uses_order_key').on(t.orderId),
    index('coupon_uses_user_idx').on(t.couponId, t.userId),
  ],
);

/**
 * Notices mailed about a user's plan, one row per user, kind and key: `quota_80` / `quota_100` keyed by
 * the UTC month (`2026-11`), `expiry` keyed by the term's expiry (once per term). The primary key is
 * the claim: the job inserts the row before sending, so two workers never mail the same notice twice.
 */
export const planNotices = pgTable(
  'plan_notices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'quota_80' | 'quota_100' | 'expiry'>().notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.key] }),
    check('plan_notices_kind_check', sql`${t.kind} in ('quota_80', 'quota_100', 'expiry')`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
