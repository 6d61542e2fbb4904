import {
  type JobActionResult,
  type JobDetail,
  type JobListQuery,
  type JobPage,
  QUEUE_PATHS,
  type QueueHistory,
  type QueueList,
} from '@tally/contracts';
import { get, post } from '../../lib/request';

/** 队列监控's calls; every path is the contract's. */
export const queueApi = {
  queues: () => get<QueueList>(QUEUE_PATHS.queues),
  history: (queue?: string) => get<QueueHistory>(QUEUE_PATHS.history, queue ? { queue } : {}),
  jobs: (query: JobListQuery) => get<JobPage>(QUEUE_PATHS.fetch, query),
  job: (queue: string, id: string) => get<JobDetail>(QUEUE_PATHS.job, { queue, id }),
  retry: (queue: string, ids?: string[]) =>
    post<JobActionResult>(QUEUE_PATHS.retry, ids ? { queue, ids } : { queue, all: true }),
  cancel: (queue: string, ids: string[]) => post<JobActionResult>(QUEUE_PATHS.cancel, { queue, ids }),
  remove: (queue: string, ids: string[]) => post<JobActionResult>(QUEUE_PATHS.del, { queue, ids }),
  pause: (queue: string, paused: boolean) => post(QUEUE_PATHS.pause, { queue, paused }),
};

/** React Query keys; an action invalidates the whole prefix so counts, chart and rows refresh together. */
export const QUEUE_KEY = ['queue-monitor'] as const;
