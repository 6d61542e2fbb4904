import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users.js';

// The contracts' LEDGER_ACCOUNTS and LEDGER_KINDS (the schema imports no package; ledger.test.ts posts
// every kind of the contracts, so a kind missing here fails there).
const ACCOUNTS = ['balance', 'commission'] as const;
const KINDS = [
  'recharge',
  'withdrawal_hold',
  'withdrawal_release',
  'order_payment',
  'refund',
  'commission',
  'commission_reversal',
  'commission_transfer',
  'admin_adjustment',
] as const;
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Every change of a balance, append-only (a trigger of the migration refuses UPDATE and DELETE): a
 * user's `users.balance` / `users.commission_balance` always equals the sum of their entries of that
 * account. Only the ledger service writes here (modules/ledger).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    account: text('account').$type<(typeof ACCOUNTS)[number]>().notNull(),
    kind: text('kind').$type<(typeof KINDS)[number]>().notNull(),
    /** Signed micro-USDT: money in is positive. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A reference is applied at most once per kind and account, whatever the code above does.
    unique('ledger_entries_reference_key').on(t.kind, t.refType, t.refId, t.account),
    index('ledger_entries_user_idx').on(t.userId, t.id),
    check('ledger_entries_account_check', sql`${t.account} in (${inList(ACCOUNTS)})`),
    check('ledger_entries_kind_check', sql`${t.kind} in (${inList(KINDS)})`),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_after_check', sql`${t.balanceAfter} >= 0`),
  ],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
