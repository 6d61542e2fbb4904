import type { JobState } from '@tally/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likePattern } from '../../db/list-query.js';
import { jobQueuePauses } from '../../db/schema/index.js';

/**
 * Reads pg-boss's own tables (schema `pgboss`, created by pg-boss 10 at start: `queue`, the `job`
 * table partitioned by queue name, and `archive`) and the monitor's paused flags. Changes to jobs
 * go through pg-boss's API in the service, so its rules (retry limits, states) stay its own.
 */
const SCHEMA = 'pgboss';
/** pg-boss's own queues (cron's `__pgboss__send-it`), not the product's. */
const INTERNAL = `'\\_\\_pgboss\\_\\_%'`;

export interface QueueRow {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
  dead_letter: string | null;
  paused: boolean;
}

export interface StateCount {
  name: string;
  state: JobState;
  n: number;
}

export interface HourRow {
  hour: Date | string;
  completed: number;
  failed: number;
}

type Time = Date | string;

export interface JobSummaryRow {
  id: string;
  name: string;
  state: JobState;
  priority: number;
  retry_count: number;
  retry_limit: number;
  singleton_key: string | null;
  created_on: Time;
  started_on: Time | null;
  completed_on: Time | null;
  data_preview: string | null;
  error: string | null;
}

export interface JobFullRow extends JobSummaryRow {
  data: unknown;
  output: unknown;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Time;
  keep_until: Time;
  singleton_on: Time | null;
  dead_letter: string | null;
  policy: string | null;
  archived: boolean;
}

export interface JobFilter {
  queue: string;
  state?: JobState;
  keyword?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SUMMARY_COLUMNS = `id::text, name, state::text as state, priority, retry_count, retry_limit, singleton_key,
  created_on, started_on, completed_on, left(data::text, 160) as data_preview, output->>'message' as error`;

const FULL_COLUMNS = `${SUMMARY_COLUMNS}, data, output, retry_delay, retry_backoff, start_after, keep_until,
  singleton_on, dead_letter, policy`;

const ORDER: Record<string, string> = {
  created_on: 'created_on',
  completed_on: 'completed_on',
};

export class QueueMonitorRepository {
  constructor(private readonly db: Database) {}

  queues(): Promise<QueueRow[]> {
    return this.db.query<QueueRow>(
      `select q.name, q.policy, q.retry_limit, q.retry_delay, q.retry_backoff, q.expire_seconds,
         q.retention_minutes, q.dead_letter, (p.queue is not null) as paused
       from ${SCHEMA}.queue q left join job_queue_pauses p on p.queue = q.name
       where q.name not like ${INTERNAL}
       order by q.name`,
    );
  }

  /**
   * pg-boss indexes its job table for fetching (`state < 'active'`), not for counting by state. This
   * partial index on (name, state) covers every job that is not completed, so those counts read the
   * index alone (an index-only scan) and never the completed majority. Created on the partitioned
   * table, so every queue's partition has it, and PostgreSQL adds it to the partitions of queues
   * created later. IF NOT EXISTS: each start after the first is a no-op.
   */
  async ensureCountIndex(): Promise<void> {
    await this.db.query(
      `create index if not exists job_monitor_i1 on ${SCHEMA}.job (name, state) where state <> 'completed'`,
    );
  }

  /**
   * Exact counts of every state but `completed` (from the index above), grouped in one pass, and the
   * planner's row estimate of each queue's partition (pg_class.reltuples, kept by autovacuum).
   */
  async stateCounts(): Promise<{ counts: StateCount[]; sizes: Map<string, number> }> {
    const [counts, sizes] = await Promise.all([
      this.db.query<StateCount>(
        `select name, state::text as state, count(*)::int as n from ${SCHEMA}.job
         where state <> 'completed' and name not like ${INTERNAL} group by name, state`,
        [],
        'queue_state_counts',
      ),
      this.db.query<{ name: string; rows: number }>(
        `select q.name, greatest(c.reltuples, 0)::float8 as rows
         from ${SCHEMA}.queue q
         join pg_class c on c.relname = q.partition_name
         join pg_namespace s on s.oid = c.relnamespace and s.nspname = '${SCHEMA}'`,
        [],
        'queue_partition_sizes',
      ),
    ]);
    return { counts, sizes: new Map(sizes.map((r) => [r.name, Number(r.rows)])) };
  }

  /** Exact completed counts of these queues: each one's partition is read, so only for small ones. */
  completedCounts(queues: string[]): Promise<{ name: string; n: number }[]> {
    if (queues.length === 0) return Promise.resolve([]);
    return this.db.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from ${SCHEMA}.job
       where name = any($1::text[]) and state = 'completed' group by name`,
      [queues],
    );
  }

  /** Jobs that ended (completed or failed) per hour since `since`, live and archived. */
  hourly(since: Date, queue?: string): Promise<HourRow[]> {
    const byQueue = queue ? 'and name = $2' : `and name not like ${INTERNAL}`;
    const ended = `completed_on >= $1 and state in ('completed', 'failed') ${byQueue}`;
    return this.db.query<HourRow>(
      `with ended as (
         select completed_on, state from ${SCHEMA}.job where ${ended}
         union all
         select completed_on, state from ${SCHEMA}.archive where archived_on >= $1 and ${ended}
       )
       select date_trunc('hour', completed_on) as hour,
         (count(*) filter (where state = 'completed'))::int as completed,
         (count(*) filter (where state = 'failed'))::int as failed
       from ended group by 1 order by 1`,
      queue ? [since.toISOString(), queue] : [since.toISOString()],
    );
  }

  /** Jobs that failed for good since `since`, in every product queue, live and archived. */
  async failedSince(since: Date): Promise<number> {
    const failed = `state = 'failed' and completed_on >= $1 and name not like ${INTERNAL}`;
    const [row] = await this.db.query<{ n: number }>(
      `select ((select count(*) from ${SCHEMA}.job where ${failed})
         + (select count(*) from ${SCHEMA}.archive where archived_on >= $1 and ${failed}))::int as n`,
      [since.toISOString()],
    );
    return row?.n ?? 0;
  }

  async page(
    filter: JobFilter,
    sort: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: JobSummaryRow[]; total: number }> {
    const params: unknown[] = [filter.queue];
    const where = ['name = $1'];
    if (filter.state) {
      params.push(filter.state);
      where.push(`state = $${params.length}::${SCHEMA}.job_state`);
    }
    if (filter.keyword) {
      // An id is looked up by the primary key; any other text is searched in the data.
      if (UUID.test(filter.keyword)) {
        params.push(filter.keyword);
        where.push(`id = $${params.length}::uuid`);
      } else {
        params.push(likePattern(filter.keyword));
        where.push(`data::text ilike $${params.length}`);
      }
    }
    const cond = where.join(' and ');
    const column = ORDER[sort.replace(/^-/, '')] ?? 'created_on';
    const direction = sort.startsWith('-') ? 'desc nulls last' : 'asc nulls first';
    const [rows, [count]] = await Promise.all([
      this.db.query<JobSummaryRow>(
        `select ${SUMMARY_COLUMNS} from ${SCHEMA}.job where ${cond}
         order by ${column} ${direction}, id desc limit ${Number(limit)} offset ${Number(offset)}`,
        params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from ${SCHEMA}.job where ${cond}`, params),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** One job, from the live table or, once pg-boss moved it, from the archive. */
  async job(queue: string, id: string): Promise<JobFullRow | undefined> {
    const [row] = await this.db.query<JobFullRow>(
      `select ${FULL_COLUMNS}, false as archived from ${SCHEMA}.job where name = $1 and id = $2::uuid
       union all
       select ${FULL_COLUMNS}, true as archived from ${SCHEMA}.archive where name = $1 and id = $2::uuid
       limit 1`,
      [queue, id],
    );
    return row;
  }

  async queueExists(queue: string): Promise<boolean> {
    const rows = await this.db.query(`select 1 from ${SCHEMA}.queue where name = $1`, [queue]);
    return rows.length > 0;
  }

  async failedIds(queue: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `select id::text from ${SCHEMA}.job where name = $1 and state = 'failed'`,
      [queue],
    );
    return rows.map((r) => r.id);
  }

  async pausedQueues(): Promise<Set<string>> {
    const rows = await this.db.orm.select({ queue: jobQueuePauses.queue }).from(jobQueuePauses);
    return new Set(rows.map((r) => r.queue));
  }

  async setPaused(queue: string, paused: boolean, by: number | null): Promise<void> {
    if (paused) {
      await this.db.orm.insert(jobQueuePauses).values({ queue, pausedBy: by }).onConflictDoNothing();
    } else {
      await this.db.orm.delete(jobQueuePauses).where(eq(jobQueuePauses.queue, queue));
    }
  }
}
