import type { RollupsService } from '../modules/rollups/rollups.service.js';
import type { Jobs } from './index.js';

export const ROLLUPS_JOB = 'analytics.rollups';
export const RETENTION_JOB = 'analytics.retention';

/** Rollups are recounted every minute from the hours the collect batches marked dirty. */
export function defineRollupJobs(jobs: Jobs, rollups: RollupsService) {
  jobs.define({ name: ROLLUPS_JOB, retryLimit: 1, handler: async () => void (await rollups.refresh()) });
  jobs.define({ name: RETENTION_JOB, retryLimit: 1, handler: () => rollups.applyRetention() });
}

export async function scheduleRollupJobs(jobs: Jobs) {
  await jobs.schedule(ROLLUPS_JOB, '* * * * *');
  await jobs.schedule(RETENTION_JOB, '41 3 * * *');
}
