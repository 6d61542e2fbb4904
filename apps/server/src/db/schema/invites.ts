import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { orders } from './billing.js';
import { users } from './users.js';

/**
 * One commission per paid order of an invited user (modules/invites). Written in the paying
 * transaction, credited by the `invites.credit-due` job once `due_at` has passed, cancelled or
 * reversed in the refunding one. Money is micro-USDT; the ledger entries carry `commission:<order id>`.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    inviterId: bigint('inviter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    orderTotalMicros: bigint('order_total_micros', { mode: 'bigint' }).notNull(),
    /** The rate in force when the order was paid (a later change of the setting does not rewrite it). */
    rate: integer('rate').notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    status: text('status')
      .$type<'pending' | 'credited' | 'cancelled' | 'reversed'>()
      .notNull()
      .default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** When a refund cancelled or reversed it. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    reversedMicros: bigint('reversed_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    unrecoveredMicros: bigint('unrecovered_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One commission per order, however often a payment hook runs.
    unique('commissions_order_key').on(t.orderId),
    index('commissions_inviter_idx').on(t.inviterId, t.id),
    // The job's scan: only the waiting ones, oldest due first.
    index('commissions_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    check('commissions_status_check', sql`${t.status} in ('pending', 'credited', 'cancelled', 'reversed')`),
    check(
      'commissions_amounts_check',
      sql`${t.amountMicros} > 0 and ${t.rate} between 0 and 100 and ${t.reversedMicros} >= 0 and ${t.unrecoveredMicros} >= 0 and ${t.reversedMicros} + ${t.unrecoveredMicros} <= ${t.amountMicros}`,
    ),
  ],
);

export type CommissionRow = typeof commissions.$inferSelect;
