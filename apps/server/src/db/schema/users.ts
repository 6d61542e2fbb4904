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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
    status: text('status').notNull().default('active'),
    avatar: text('avatar').notNull().default(''),
    /** Money in micro-USDT; only the ledger (modules/ledger) changes it, never below zero. */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    commissionBalance: bigint('commission_balance', { mode: 'bigint' }).notNull().default(sql`0`),
    inviteCode: text('invite_code').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /** zh | en: the language the user last used the app in (user/info), for mail; null = not known yet. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_invited_by_idx').on(t.invitedBy),
    // 用户管理's keyword matches any part of these (ILIKE '%…%'): trigram indexes (pg_trgm) answer that
    // without reading every row (bench/users.mjs measures both ways).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_invite_code_trgm_idx').using('gin', t.inviteCode.op('gin_trgm_ops')),
    // The role filter (`roles @> '{x}'`) and the last-active-admin check.
    index('users_roles_idx').using('gin', t.roles),
    // The list's other sorts (created_at also serves the console's new users per day, below).
    index('users_last_login_at_idx').on(t.lastLoginAt.desc().nullsLast()),
    index('users_balance_idx').on(t.balance),
    check('users_balance_nonnegative', sql`${t.balance} >= 0`),
    check('users_commission_balance_nonnegative', sql`${t.commissionBalance} >= 0`),
    // The admin console: new users per day, and the sum of the balances held (few users hold any).
    index('users_created_at_idx').on(t.createdAt),
    index('users_balances_held_idx')
      .on(t.balance, t.commissionBalance)
      .where(sql`${t.balance} <> 0 or ${t.commissionBalance} <> 0`),
  ],
);

export type UserRow = typeof users.$inferSelect;
