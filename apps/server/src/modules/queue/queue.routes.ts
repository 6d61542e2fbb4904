import { QUEUE_API } from '@tally/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { QueueMonitorService } from './queue.service.js';
import { JOB_CSV } from './queue-csv.js';

/** 队列监控's calls (contracts' QUEUE_API), admins only. */
export const queueRoutes: FastifyPluginAsync<QueueMonitorService> = async (app, monitor) => {
  routes(app, QUEUE_API, {
    queues: () => monitor.queues(),
    history: (query) => monitor.history(query.queue),
    fetch: (query) => monitor.list(query),
    export: csvExport(QUEUE_API.export, JOB_CSV, (q, _r, page, limit) => monitor.list({ ...q, page, limit })),
    job: (query) => monitor.job(query.queue, query.id),
    retry: (body, request) => monitor.retry(body, actorOf(request)),
    cancel: (body, request) => monitor.cancel(body.queue, body.ids, actorOf(request)),
    del: (body, request) => monitor.remove(body.queue, body.ids, actorOf(request)),
    pause: (body, request) => monitor.setPaused(body.queue, body.paused, actorOf(request)),
  });
};
