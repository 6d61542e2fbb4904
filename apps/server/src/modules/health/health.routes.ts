import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../jobs/index.js';

/** Liveness for load balancers: 200 only when the database answers, migrations are current and jobs run. */
export async function healthRoutes(app: FastifyInstance, { db, jobs }: { db: Database; jobs: Jobs }) {
  app.get('/healthz', { config: { envelope: false }, schema: { hide: true } }, async (_request, reply) => {
    const checks = { database: false, migrations: false, queue: jobs.running };
    try {
      await db.query('select 1');
      checks.database = true;
      checks.migrations = await db.migrationsCurrent();
    } catch {
      // reported through the check flags below
    }
    const ok = checks.database && checks.migrations && checks.queue;
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', checks });
  });
}
