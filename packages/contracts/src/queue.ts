import { z } from 'zod';
import { csvQuery } from './csv-schemas.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { plainText, storableString } from './text.js';

/** pg-boss's job states, in its enum's order. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** pg-boss's queue names: letters, digits and `_ - . /` (its own rule, checked before any query). */
const queueName = plainText(128).regex(/^[\w.\-/]+$/, 'not a queue name');
const jobId = z.string().uuid();

export const queueCountsSchema = z.object(
  Object.fromEntries(JOB_STATES.map((s) => [s, z.number().int()])) as Record<JobState, z.ZodNumber>,
);
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const queueSchema = z.object({
  name: storableString(),
  policy: storableString(),
  retry_limit: z.number().int().nullable(),
  retry_delay: z.number().int().nullable(),
  retry_backoff: z.boolean().nullable(),
  expire_seconds: z.number().int().nullable(),
  retention_minutes: z.number().int().nullable(),
  dead_letter: storableString().nullable(),
  paused: z.boolean(),
  counts: queueCountsSchema,
  /** True when `counts.completed` is the planner's estimate (a queue of more than 50,000 jobs). */
  completed_estimated: z.boolean(),
  total: z.number().int(),
});
export type QueueSummary = z.infer<typeof queueSchema>;
export const queueListSchema = z.object({ list: z.array(queueSchema) });
export type QueueList = z.infer<typeof queueListSchema>;

export const queueHistoryQuerySchema = z.object({ queue: queueName.optional() });
export const queueHourSchema = z.object({
  /** Start of the hour, ISO 8601 UTC. */
  hour: storableString(),
  completed: z.number().int(),
  failed: z.number().int(),
});
export const queueHistorySchema = z.object({ hours: z.array(queueHourSchema) });
export type QueueHistory = z.infer<typeof queueHistorySchema>;

export const JOB_SORTS = ['-created_on', 'created_on', '-completed_on', 'completed_on'] as const;

export const jobListQuerySchema = pageQuerySchema.extend({
  queue: queueName,
  state: z.enum(JOB_STATES).optional(),
  /** A job id, or text found in the job's data. */
  keyword: plainText(200).optional(),
  sort: z.enum(JOB_SORTS).default('-created_on'),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

export const jobRowSchema = z.object({
  id: storableString(),
  queue: storableString(),
  state: z.enum(JOB_STATES),
  priority: z.number().int(),
  retry_count: z.number().int(),
  retry_limit: z.number().int(),
  singleton_key: storableString().nullable(),
  created_on: storableString(),
  started_on: storableString().nullable(),
  completed_on: storableString().nullable(),
  /** The first characters of the data, for the table. */
  data_preview: storableString(),
  /** The error message of a failed or retrying job. */
  error: storableString().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;
export const jobPageSchema = pageSchema(jobRowSchema);
export type JobPage = z.infer<typeof jobPageSchema>;

export const jobDetailQuerySchema = z.object({ queue: queueName, id: jobId });
export const jobDetailSchema = jobRowSchema.extend({
  data: z.unknown(),
  output: z.unknown(),
  /** The stack of the error the handler threw, when it failed. */
  stack: storableString().nullable(),
  retry_delay: z.number().int(),
  retry_backoff: z.boolean(),
  start_after: storableString(),
  keep_until: storableString(),
  singleton_on: storableString().nullable(),
  dead_letter: storableString().nullable(),
  policy: storableString().nullable(),
  /** True when the job was already moved to pg-boss's archive table. */
  archived: z.boolean(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

const jobIds = z.array(jobId).min(1).max(1000);

/** Retry the listed failed jobs, or every failed job of the queue with `all: true`. */
export const jobRetryBodySchema = z
  .object({ queue: queueName, ids: jobIds.optional(), all: z.literal(true).optional() })
  .refine((b) => (b.ids ? !b.all : b.all), { path: ['ids'], message: 'give ids or all, not both' });
export const jobIdsBodySchema = z.object({ queue: queueName, ids: jobIds });
export const jobActionResultSchema = z.object({ affected: z.number().int() });
export type JobActionResult = z.infer<typeof jobActionResultSchema>;

export const queuePauseBodySchema = z.object({ queue: queueName, paused: z.boolean() });
export const queuePauseResultSchema = z.object({ queue: storableString(), paused: z.boolean() });

/** 队列监控 (/queue/queue): pg-boss's queues, their jobs and the actions on them. Admins only. */
export const QUEUE_API = defineApi('queue', {
  /** Every queue with its policy, counts by state and paused flag. */
  queues: endpoint({
    method: 'GET',
    path: '/api/v1/admin/queue/queues',
    access: 'queue',
    summary: 'Every queue with its policy, job counts by state and paused flag',
    response: queueListSchema,
  }),
  /** Completed and failed jobs per hour over the last 24 hours. */
  history: endpoint({
    method: 'GET',
    path: '/api/v1/admin/queue/history',
    access: 'queue',
    summary: 'Completed and failed jobs per hour over the last 24 hours',
    query: queueHistoryQuerySchema,
    response: queueHistorySchema,
  }),
  /** A page of one queue's jobs, by state, searched by id or by a value in the job's data. */
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/queue/fetch',
    access: 'queue',
    summary: "List one queue's jobs (state, search by id or data, sort)",
    query: jobListQuerySchema,
    response: jobPageSchema,
  }),
  /** The filtered jobs as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/queue/export',
    access: 'queue',
    file: true,
    summary: 'The filtered jobs as a CSV file',
    query: csvQuery(jobListQuerySchema),
    response: nothing,
  }),
  /** One job in full. */
  job: endpoint({
    method: 'GET',
    path: '/api/v1/admin/queue/job',
    access: 'queue',
    summary: 'One job in full',
    query: jobDetailQuerySchema,
    response: jobDetailSchema,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/v1/admin/queue/retry',
    access: 'queue',
    summary: "Retry failed jobs, listed or all of a queue's",
    body: jobRetryBodySchema,
    response: jobActionResultSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/v1/admin/queue/cancel',
    access: 'queue',
    summary: 'Cancel jobs',
    body: jobIdsBodySchema,
    response: jobActionResultSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/queue/del',
    access: 'queue',
    summary: 'Delete jobs',
    body: jobIdsBodySchema,
    response: jobActionResultSchema,
  }),
  /** Pause or resume a queue: every worker process stops or resumes fetching within seconds. */
  pause: endpoint({
    method: 'POST',
    path: '/api/v1/admin/queue/pause',
    access: 'queue',
    summary: 'Pause or resume a queue in every worker process',
    body: queuePauseBodySchema,
    response: queuePauseResultSchema,
  }),
});

/** The calls' paths (tests and links name a call by its path). */
export const QUEUE_PATHS = pathsOf(QUEUE_API);

/** The audit trail's actions of 队列监控 (audit.ts gathers every area's; the web labels each). */
export const QUEUE_AUDIT_ACTIONS = [
  'queue.pause',
  'queue.resume',
  'queue.retry',
  'queue.cancel',
  'queue.delete',
] as const;
