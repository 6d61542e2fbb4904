import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './analytics.js';
import { users } from './users.js';

/**
 * History imported from another tool (issue 28): one row per import, its progress and its cursor.
 * Raw rows it wrote carry its id (`visits.import_id`, `events.import_id`); daily aggregates it wrote
 * are `imported_daily` rows. A file is imported once per site (same hash, not undone).
 */
export const imports = pgTable(
  'imports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: bigint('site_id', { mode: 'number' })
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** `umami`, `plausible` or `log` (IMPORT_KINDS in contracts). */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    /** sha256 of the uploaded bytes (all files of the import, in name order). */
    fileHash: text('file_hash').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** `queued`, `running`, `done`, `failed`, `undone`. */
    status: text('status').notNull(),
    /**
     * Rows the owner's plan still allowed when the import was made (12 months of its page views, less
     * the rows of their other imports); null: no limit (an admin's, or the command line's).
     */
    rowLimit: bigint('row_limit', { mode: 'number' }),
    /** Data rows in the file(s), counted before anything is written. */
    rowsTotal: bigint('rows_total', { mode: 'number' }).notNull().default(0),
    /** Rows read and committed: the resume point (rows before it are never read again). */
    rowsDone: bigint('rows_done', { mode: 'number' }).notNull().default(0),
    /** Rows stored (events, or aggregate rows); the rest were skipped (bots, assets) or refused. */
    rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
    rowsSkipped: bigint('rows_skipped', { mode: 'number' }).notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The first refused rows, `{ line, message }`. */
    errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
    /** Why the import failed, when it did (nothing of it is left then). */
    failure: text('failure'),
    /** The span its raw rows cover: undo and the rollup recount read through it. */
    minTs: timestamp('min_ts', { withTimezone: true }),
    maxTs: timestamp('max_ts', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('imports_site_id_idx').on(t.siteId, t.id),
    uniqueIndex('imports_site_file_key').on(t.siteId, t.fileHash).where(sql`status <> 'undone'`),
  ],
);

const metrics = {
  pv: bigint('pv', { mode: 'number' }).notNull(),
  uv: bigint('uv', { mode: 'number' }).notNull(),
  ip: bigint('ip', { mode: 'number' }).notNull(),
  visits: bigint('visits', { mode: 'number' }).notNull(),
  newVisitors: bigint('new_visitors', { mode: 'number' }).notNull(),
  bounces: bigint('bounces', { mode: 'number' }).notNull(),
  durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  exits: bigint('exits', { mode: 'number' }).notNull(),
};

/**
 * Daily aggregates imported from a tool that exports no raw rows (Plausible): the shape of
 * `rollup_daily`, which the reports add to their own. Kept apart so the rollup recount, which
 * rewrites `rollup_daily` from raw rows, never erases them, and so one import can be undone.
 */
export const importedDaily = pgTable(
  'imported_daily',
  {
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    ...metrics,
  },
  (t) => [primaryKey({ columns: [t.siteId, t.dim, t.day, t.key, t.importId] })],
);

export type ImportRow = typeof imports.$inferSelect;
