import {
  JOB_STATES,
  type JobActionResult,
  type JobDetail,
  type JobListQuery,
  type JobPage,
  type JobRow,
  type QueueCounts,
  type QueueHistory,
  type QueueList,
} from '@tally/contracts';
import type { Jobs } from '../../jobs/index.js';
import { notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { JobFullRow, JobSummaryRow, QueueMonitorRepository } from './queue.repository.js';

const HOUR = 3_600_000;
/** Partitions up to this many rows (planner estimate) have their completed jobs counted exactly. */
export const EXACT_COMPLETED_UP_TO = 50_000;

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

function emptyCounts(): QueueCounts {
  return Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as QueueCounts;
}

function toRow(r: JobSummaryRow): JobRow {
  return {
    id: r.id,
    queue: r.name,
    state: r.state,
    priority: r.priority,
    retry_count: r.retry_count,
    retry_limit: r.retry_limit,
    singleton_key: r.singleton_key,
    created_on: iso(r.created_on),
    started_on: isoOrNull(r.started_on),
    completed_on: isoOrNull(r.completed_on),
    data_preview: r.data_preview ?? '',
    error: r.error,
  };
}

function toDetail(r: JobFullRow): JobDetail {
  const output = r.output as { stack?: unknown } | null;
  return {
    ...toRow(r),
    data: r.data,
    output: r.output,
    stack: typeof output?.stack === 'string' ? output.stack : null,
    retry_delay: r.retry_delay,
    retry_backoff: r.retry_backoff,
    start_after: iso(r.start_after),
    keep_until: iso(r.keep_until),
    singleton_on: isoOrNull(r.singleton_on),
    dead_letter: r.dead_letter,
    policy: r.policy,
    archived: r.archived,
  };
}

/**
 * 队列监控: what pg-boss holds, read with SQL on its tables (the repository), and the admin's actions,
 * taken through pg-boss's own API and written to the audit log.
 */
export class QueueMonitorService {
  constructor(
    private readonly repo: QueueMonitorRepository,
    private readonly jobs: Jobs,
    private readonly audit: AuditService,
    private readonly now: () => Date,
  ) {}

  async queues(): Promise<QueueList> {
    const [queues, { counts, sizes }] = await Promise.all([this.repo.queues(), this.repo.stateCounts()]);
    const byQueue = new Map<string, QueueCounts>();
    for (const c of counts) {
      const entry = byQueue.get(c.name) ?? emptyCounts();
      entry[c.state] = c.n;
      byQueue.set(c.name, entry);
    }
    // Completed jobs are the bulk of a busy queue: counted exactly while the queue is small, estimated
    // from the planner's statistics beyond that (marked, so the page shows it as approximate).
    const large = new Set(
      queues.filter((q) => (sizes.get(q.name) ?? 0) >= EXACT_COMPLETED_UP_TO).map((q) => q.name),
    );
    const exact = await this.repo.completedCounts(
      queues.filter((q) => !large.has(q.name)).map((q) => q.name),
    );
    const completed = new Map(exact.map((r) => [r.name, r.n]));
    return {
      list: queues.map((q) => {
        const c = byQueue.get(q.name) ?? emptyCounts();
        const others = Object.values(c).reduce((a, b) => a + b, 0);
        c.completed = large.has(q.name)
          ? Math.max(0, Math.round((sizes.get(q.name) ?? 0) - others))
          : (completed.get(q.name) ?? 0);
        return {
          ...q,
          policy: q.policy ?? 'standard',
          counts: c,
          completed_estimated: large.has(q.name),
          total: others + c.completed,
        };
      }),
    };
  }

  /** 24 hourly buckets, oldest first, the current hour last; hours without jobs count 0. */
  async history(queue?: string): Promise<QueueHistory> {
    const currentHour = Math.floor(this.now().getTime() / HOUR) * HOUR;
    const since = new Date(currentHour - 23 * HOUR);
    const rows = await this.repo.hourly(since, queue);
    const byHour = new Map(rows.map((r) => [new Date(r.hour).getTime(), r]));
    const hours = Array.from({ length: 24 }, (_, i) => {
      const t = since.getTime() + i * HOUR;
      const r = byHour.get(t);
      return { hour: new Date(t).toISOString(), completed: r?.completed ?? 0, failed: r?.failed ?? 0 };
    });
    return { hours };
  }

  /** For the admin console: jobs that failed for good (retries used up) since `since`. */
  failedSince(since: Date): Promise<number> {
    return this.repo.failedSince(since);
  }

  async list(query: JobListQuery & { page: number; limit: number; sort: string }): Promise<JobPage> {
    const { page, limit } = query;
    const { rows, total } = await this.repo.page(query, query.sort, limit, (page - 1) * limit);
    return { list: rows.map(toRow), total, page, limit };
  }

  async job(queue: string, id: string): Promise<JobDetail> {
    const row = await this.repo.job(queue, id);
    if (!row) throw notFound('Job not found');
    return toDetail(row);
  }

  /**
   * Failed jobs go back to `retry` (pg-boss grants one more attempt) and cancelled ones to `created`
   * (pg-boss's resume); either runs on the next fetch. `all` takes every failed job of the queue.
   */
  async retry(body: { queue: string; ids?: string[]; all?: true }, actor: Actor): Promise<JobActionResult> {
    await this.assertQueue(body.queue);
    const ids = body.ids ?? (await this.repo.failedIds(body.queue));
    const affected = ids.length === 0 ? 0 : await this.act('retry', body.queue, ids, actor);
    return { affected };
  }

  async cancel(queue: string, ids: string[], actor: Actor): Promise<JobActionResult> {
    await this.assertQueue(queue);
    return { affected: await this.act('cancel', queue, ids, actor) };
  }

  async remove(queue: string, ids: string[], actor: Actor): Promise<JobActionResult> {
    await this.assertQueue(queue);
    return { affected: await this.act('delete', queue, ids, actor) };
  }

  /**
   * The flag lives in the database, so every worker process reads it within a second; this process
   * applies it at once.
   */
  async setPaused(queue: string, paused: boolean, actor: Actor) {
    await this.assertQueue(queue);
    await this.repo.setPaused(queue, paused, actor.userId);
    await this.audit.record({
      actorId: actor.userId,
      action: paused ? 'queue.pause' : 'queue.resume',
      target: `queue:${queue}`,
      ip: actor.ip,
    });
    await this.jobs.applyPauses();
    return { queue, paused };
  }

  private async act(action: 'retry' | 'cancel' | 'delete', queue: string, ids: string[], actor: Actor) {
    const boss = this.jobs.pgBoss;
    // pg-boss answers { affected } (the rows its statement changed); its type says void.
    type Answer = { affected?: number } | undefined;
    const calls =
      action === 'retry'
        ? [boss.retry(queue, ids), boss.resume(queue, ids)]
        : [action === 'cancel' ? boss.cancel(queue, ids) : boss.deleteJob(queue, ids)];
    const answers = (await Promise.all(calls)) as unknown as Answer[];
    const affected = answers.reduce((sum, a) => sum + (a?.affected ?? 0), 0);
    await this.audit.record({
      actorId: actor.userId,
      action: `queue.${action}`,
      target: `queue:${queue}`,
      ip: actor.ip,
      after: { ids: ids.slice(0, 100), count: ids.length },
    });
    return affected;
  }

  private async assertQueue(queue: string) {
    if (!(await this.repo.queueExists(queue))) throw notFound('Queue not found');
  }
}
