import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../jobs/index.js';
import type { StartStatus } from '../../lib/background-start.js';

/**
 * Liveness for load balancers: 200 only when the database answers, migrations are current, and the job
 * queue and the bots (which start in the background, retried until they do) have started. `jobs` and
 * `bots` say where each start is: starting, retrying (with the last error) or ready.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { db, jobs, bots }: { db: Database; jobs: Jobs; bots: { status(): StartStatus } },
) {
  app.get('/healthz', { config: { envelope: false }, schema: { hide: true } }, async (_request, reply) => {
    const started = { jobs: jobs.status(), bots: bots.status() };
    const checks = {
      database: false,
      migrations: false,
      queue: started.jobs.state === 'ready',
      bots: started.bots.state === 'ready',
    };
    try {
      await db.query('select 1');
      checks.database = true;
      checks.migrations = await db.migrationsCurrent();
    } catch {
      // reported through the check flags below
    }
    const ok = checks.database && checks.migrations && checks.queue && checks.bots;
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', checks, ...started });
  });
}
