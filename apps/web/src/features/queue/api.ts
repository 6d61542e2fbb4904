import { type JobListQuery, QUEUE_API } from '@tally/contracts';
import { call } from '../../lib/request';

/** 队列监控's calls, each the contract's declaration (QUEUE_API). */
export const queueApi = {
  queues: () => call(QUEUE_API.queues),
  history: (queue?: string) => call(QUEUE_API.history, queue ? { queue } : {}),
  jobs: (query: JobListQuery) => call(QUEUE_API.fetch, query),
  job: (queue: string, id: string) => call(QUEUE_API.job, { queue, id }),
  retry: (queue: string, ids?: string[]) =>
    call(QUEUE_API.retry, ids ? { queue, ids } : { queue, all: true }),
  cancel: (queue: string, ids: string[]) => call(QUEUE_API.cancel, { queue, ids }),
  remove: (queue: string, ids: string[]) => call(QUEUE_API.del, { queue, ids }),
  pause: (queue: string, paused: boolean) => call(QUEUE_API.pause, { queue, paused }),
};

/** React Query keys; an action invalidates the whole prefix so counts, chart and rows refresh together. */
export const QUEUE_KEY = ['queue-monitor'] as const;
