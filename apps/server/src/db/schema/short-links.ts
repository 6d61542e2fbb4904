import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** 短链管理: `/s/{code}` redirects to `target` while on, unexpired and under its visit limit. */
export const shortLinks = pgTable(
  'short_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Case-sensitive (`aB` and `Ab` are two links): the default collation compares bytes for equality. */
    code: text('code').notNull(),
    target: text('target').notNull(),
    title: text('title').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxVisits: integer('max_visits'),
    /** Redirects recorded so far; raised by each committed batch of clicks. */
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('short_links_code_key').on(t.code)],
);

/**
 * Clicks counted per link, UTC day and dimension: `total` (key ''), `area`, `referrer` (domain, ''
 * direct), `device`, `browser`. Each batch of clicks is summed in the app first and added here with
 * one upsert, so a burst on one link costs the database a few rows, not one per click. No foreign key:
 * the batch joins the live links instead (a click of a link deleted while it waited is dropped).
 */
export const shortLinkDaily = pgTable(
  'short_link_daily',
  {
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.dim, t.day, t.key] })],
);
