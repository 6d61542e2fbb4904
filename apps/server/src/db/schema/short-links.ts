import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
 * One row per counted redirect, enriched like a visit's opening hit. No foreign key: clicks are
 * written in batches after the redirect was answered, and the batch insert joins the live links
 * instead (a click of a link deleted meanwhile is dropped, not a failed batch).
 */
export const shortLinkClicks = pgTable(
  'short_link_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    country: text('country').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    refCategory: text('ref_category').notNull().default('direct'),
    refDomain: text('ref_domain').notNull().default(''),
    browser: text('browser').notNull().default(''),
    os: text('os').notNull().default(''),
    device: text('device').notNull().default(''),
  },
  (t) => [index('short_link_clicks_link_ts_idx').on(t.linkId, t.ts)],
);
