import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The number of users, kept by statement triggers on `users` (migration `console`) so the admin
 * console never counts a million rows. Striped by backend: concurrent registrations add to different
 * rows instead of queueing on one. The total is `sum(n)`.
 */
export const userCounts = pgTable('user_counts', {
  stripe: integer('stripe').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * Page views of all sites per local day and site time zone: the sum of the sites' daily rollup totals
 * (`rollup_daily` rows of `dim = 'site'`), kept by row triggers on rollup_daily (migration `console`).
 * The console reads 30 days of every site from a few dozen rows, and "today" per zone. A site whose
 * zone changes keeps its earlier days under the old zone: the daily sums stay right, only that site's
 * share of "today" may be counted under its former zone's date.
 */
export const rollupSiteTotals = pgTable(
  'rollup_site_totals',
  {
    day: date('day').notNull(),
    timezone: text('timezone').notNull(),
    pv: bigint('pv', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.timezone] })],
);
