import { MonthPartitions } from '../../db/month-partitions.js';
import { defineModule } from '../../kernel/module.js';
import { RollupsRepository } from './rollups.repository.js';
import { RollupsService } from './rollups.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    rollups: RollupsService;
  }
}

export const ROLLUPS_JOB = 'analytics.rollups';
export const RETENTION_JOB = 'analytics.retention';

export const rollupsModule = defineModule({
  name: 'rollups',
  needs: ['settings'],
  services: ({ db, settings }) => ({
    rollups: new RollupsService(new RollupsRepository(db), settings, new MonthPartitions(db)),
  }),
  jobs: ({ rollups }) => [
    // Rollups are recounted every minute from the hours the collect batches marked dirty.
    {
      name: ROLLUPS_JOB,
      retryLimit: 1,
      schedule: '* * * * *',
      handler: async () => void (await rollups.refresh({ yielding: true })),
    },
    { name: RETENTION_JOB, retryLimit: 1, schedule: '41 3 * * *', handler: () => rollups.applyRetention() },
  ],
});
