import { defineModule } from '../../kernel/module.js';
import { QueueMonitorRepository } from './queue.repository.js';
import { queueRoutes } from './queue.routes.js';
import { QueueMonitorService } from './queue.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    queueMonitor: QueueMonitorService;
  }
}

export const queueModule = defineModule({
  name: 'queue',
  needs: ['audit'],
  services: ({ db, jobs, audit, seams }) => {
    const repo = new QueueMonitorRepository(db);
    // Every worker process reads the paused flags from this table (jobs/index.ts).
    jobs.readPausesFrom(() => repo.pausedQueues());
    jobs.whenStarted(() => repo.ensureCountIndex());
    return { queueMonitor: new QueueMonitorService(repo, jobs, audit, seams.clock ?? (() => new Date())) };
  },
  routes: async (app, { queueMonitor }) => app.register(queueRoutes, queueMonitor),
});
