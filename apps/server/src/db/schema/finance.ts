import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Receiving TRC20 addresses (USDT管理); the chain watcher reads each one's incoming transfers. */
export const usdtAddresses = pgTable('usdt_addresses', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  address: text('address').notNull().unique('usdt_addresses_address_key'),
  label: text('label').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  lastBalance: bigint('last_balance', { mode: 'bigint' }),
  lastBalanceAt: timestamp('last_balance_at', { withTimezone: true }),
  /** The watcher's cursor: block time (ms) of the newest transfer it has stored for this address. */
  cursorMs: bigint('cursor_ms', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's recharge: pay exactly `payable` to the address. `holds_amount` stays true until its
 * `locked_until` (expiry + grace) has passed or it is paid, and a partial UNIQUE index keeps one live
 * payable amount per address: a late payment can only ever belong to one recharge.
 */
export const recharges = pgTable(
  'recharges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique('recharges_order_no_key'),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    addressId: bigint('address_id', { mode: 'number' })
      .notNull()
      .references(() => usdtAddresses.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payable: bigint('payable', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'pending' | 'paid' | 'expired' | 'cancelled'>().notNull().default('pending'),
    holdsAmount: boolean('holds_amount').notNull().default(true),
    transferId: bigint('transfer_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recharges_live_payable_key').on(t.addressId, t.payable).where(sql`${t.holdsAmount}`),
    // The watcher's match: address and exact amount, whatever the hold (a late transfer is matched by time).
    index('recharges_address_payable_idx').on(t.addressId, t.payable),
    index('recharges_user_idx').on(t.userId, t.id),
    index('recharges_status_idx').on(t.status, t.id),
    check('recharges_status_check', sql`${t.status} in ('pending', 'paid', 'expired', 'cancelled')`),
    check('recharges_payable_check', sql`${t.payable} > 0 and ${t.amount} > 0`),
  ],
);

/** Every incoming USDT transfer the watcher saw, stored once per (transaction, event). */
export const usdtTransfers = pgTable(
  'usdt_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txId: text('tx_id').notNull(),
    eventIndex: integer('event_index').notNull().default(0),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    status: text('status').$type<'matched' | 'unmatched' | 'assigned'>().notNull(),
    rechargeId: bigint('recharge_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * False when stored by a watcher reading unconfirmed transfers too (`usdt_only_confirmed` off) and
     * not seen confirmed since: the watcher re-checks it for a day.
     */
    confirmed: boolean('confirmed').notNull().default(true),
    /** When the re-check found the chain no longer shows it (or it never confirmed within a day). */
    vanishedAt: timestamp('vanished_at', { withTimezone: true }),
    /** Last re-check, so the least recently checked go first. */
    chainCheckedAt: timestamp('chain_checked_at', { withTimezone: true }),
  },
  (t) => [
    unique('usdt_transfers_tx_key').on(t.txId, t.eventIndex),
    index('usdt_transfers_to_idx').on(t.toAddress, t.blockTime),
    index('usdt_transfers_status_idx').on(t.status, t.id),
    index('usdt_transfers_recheck_idx')
      .on(t.chainCheckedAt, t.id)
      .where(sql`not ${t.confirmed} and ${t.vanishedAt} is null`),
    check('usdt_transfers_status_check', sql`${t.status} in ('matched', 'unmatched', 'assigned')`),
  ],
);

/** A withdrawal: `amount + fee` is held on the ledger when it is asked for; released when rejected. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    address: text('address').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected' | 'paid'>().notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    txId: text('tx_id'),
    /** When TronGrid showed `tx_id` as the matching USDT transfer, confirmed; null while unverified. */
    chainVerifiedAt: timestamp('chain_verified_at', { withTimezone: true }),
    /** When the watcher last asked TronGrid about `tx_id` (it re-checks the least recently asked first). */
    chainCheckedAt: timestamp('chain_checked_at', { withTimezone: true }),
    requestId: text('request_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('withdrawals_request_key').on(t.userId, t.requestId),
    // One on-chain payment pays one withdrawal: the same hash cannot be marked paid twice.
    unique('withdrawals_tx_key').on(t.txId),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'paid')`),
    check('withdrawals_amount_check', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

export type UsdtAddressRow = typeof usdtAddresses.$inferSelect;
export type RechargeRowDb = typeof recharges.$inferSelect;
export type UsdtTransferRowDb = typeof usdtTransfers.$inferSelect;
export type WithdrawalRowDb = typeof withdrawals.$inferSelect;
