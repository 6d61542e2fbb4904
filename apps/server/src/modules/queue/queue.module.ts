import { defineModule } from '../../kernel/module.js';
import { QueueMonitorRepository } from './queue.repository.js';
import { queueRoutes } from './queue.routes.js';
import { QueueMonitorService } from './queue.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    queueMonitor: QueueMonitorService;
  }
}

const DAY_MS = 86_400_000;

export const queueModule = defineModule({
  name: 'queue',
  needs: ['audit', 'consoleFigures'],
  services: ({ db, jobs, audit, seams, consoleFigures }) => {
    const repo = new QueueMonitorRepository(db);
    // Every worker process reads the paused flags from this table (jobs/index.ts).
    jobs.readPausesFrom(() => repo.pausedQueues());
    jobs.whenStarted(() => repo.ensureCountIndex());
    const queueMonitor = new QueueMonitorService(repo, jobs, audit, seams.clock ?? (() => new Date()));
    consoleFigures.add({
      name: 'queue',
      figures: [
        {
          key: 'failed_jobs_24h',
          label: { zh: '24 小时失败任务', en: 'Failed jobs, last 24 h' },
          kind: 'count',
          order: 90,
          href: '/queue/queue',
        },
      ],
      read: async (at) => ({
        failed_jobs_24h: await queueMonitor.failedSince(new Date(at.now.getTime() - DAY_MS)),
      }),
    });
    return { queueMonitor };
  },
  routes: async (app, { queueMonitor }) => app.register(queueRoutes, queueMonitor),
});
