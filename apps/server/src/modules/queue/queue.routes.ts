import {
  jobActionResultSchema,
  jobDetailQuerySchema,
  jobDetailSchema,
  jobIdsBodySchema,
  jobListQuerySchema,
  jobPageSchema,
  jobRetryBodySchema,
  QUEUE_PATHS,
  queueHistoryQuerySchema,
  queueHistorySchema,
  queueListSchema,
  queuePauseBodySchema,
  queuePauseResultSchema,
} from '@tally/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import type { QueueMonitorService } from './queue.service.js';

const config = { access: 'queue' } as const;
const tags = ['queue'];

/** 队列监控's calls (contracts' QUEUE_PATHS), admins only. */
export const queueRoutes: FastifyPluginAsync<QueueMonitorService> = async (scope, monitor) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(QUEUE_PATHS.queues, { config, schema: { tags, response: { 200: queueListSchema } } }, () =>
    monitor.queues(),
  );

  app.get(
    QUEUE_PATHS.history,
    { config, schema: { tags, querystring: queueHistoryQuerySchema, response: { 200: queueHistorySchema } } },
    (request) => monitor.history(request.query.queue),
  );

  app.get(
    QUEUE_PATHS.fetch,
    { config, schema: { tags, querystring: jobListQuerySchema, response: { 200: jobPageSchema } } },
    (request) => monitor.list(request.query),
  );

  app.get(
    QUEUE_PATHS.job,
    { config, schema: { tags, querystring: jobDetailQuerySchema, response: { 200: jobDetailSchema } } },
    (request) => monitor.job(request.query.queue, request.query.id),
  );

  app.post(
    QUEUE_PATHS.retry,
    { config, schema: { tags, body: jobRetryBodySchema, response: { 200: jobActionResultSchema } } },
    (request) => monitor.retry(request.body, actorOf(request)),
  );

  app.post(
    QUEUE_PATHS.cancel,
    { config, schema: { tags, body: jobIdsBodySchema, response: { 200: jobActionResultSchema } } },
    (request) => monitor.cancel(request.body.queue, request.body.ids, actorOf(request)),
  );

  app.post(
    QUEUE_PATHS.del,
    { config, schema: { tags, body: jobIdsBodySchema, response: { 200: jobActionResultSchema } } },
    (request) => monitor.remove(request.body.queue, request.body.ids, actorOf(request)),
  );

  app.post(
    QUEUE_PATHS.pause,
    { config, schema: { tags, body: queuePauseBodySchema, response: { 200: queuePauseResultSchema } } },
    (request) => monitor.setPaused(request.body.queue, request.body.paused, actorOf(request)),
  );
};
