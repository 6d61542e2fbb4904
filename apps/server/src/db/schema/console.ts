import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The number of users, kept by statement triggers on `users` (migration `console`) so the admin
 * console never counts a million rows. Striped by backend: concurrent registrations add to different
 * rows instead of queueing on one. The total is `sum(n)`.
 */
export const userCounts = pgTable('user_counts', {
  stripe: integer('stripe').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
