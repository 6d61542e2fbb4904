import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Queues an admin paused in the queue monitor. pg-boss has no pause of its own: every worker process
 * reads this table every second and stops fetching a queue listed here (jobs/index.ts), so all
 * processes obey the one row.
 */
export const jobQueuePauses = pgTable('job_queue_pauses', {
  queue: text('queue').primaryKey(),
  pausedBy: bigint('paused_by', { mode: 'number' }),
  pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
});
