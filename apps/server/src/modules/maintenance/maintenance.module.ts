import { defineModule } from '../../kernel/module.js';

export const MAINTENANCE_JOB = 'maintenance.purge';

/**
 * Expired sessions, captchas and email codes are dead weight in hot indexes; clear them hourly. Then
 * the embedded database gets the vacuum a PostgreSQL server's autovacuum would have given it.
 */
export const maintenanceModule = defineModule({
  name: 'maintenance',
  needs: ['sessions', 'captcha', 'codes'],
  jobs: ({ db, sessions, captcha, codes }) => [
    {
      name: MAINTENANCE_JOB,
      retryLimit: 1,
      schedule: '17 * * * *',
      handler: async () => {
        await sessions.purgeExpired();
        await captcha.purgeExpired();
        await codes.purgeExpired();
        await db.maintain?.();
      },
    },
  ],
});
