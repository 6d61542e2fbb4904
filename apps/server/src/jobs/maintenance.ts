import type { Database } from '../db/client.js';
import type { EmailCodesService } from '../modules/auth/email-codes.service.js';
import type { CaptchaService } from '../modules/captcha/captcha.service.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';
import type { Jobs } from './index.js';

export const MAINTENANCE_JOB = 'maintenance.purge';

/**
 * Expired sessions, captchas and email codes are dead weight in hot indexes; clear them hourly. Then
 * the embedded database gets the vacuum a PostgreSQL server's autovacuum would have given it.
 */
export async function defineMaintenance(
  jobs: Jobs,
  deps: { db: Database; sessions: SessionsService; captcha: CaptchaService; codes: EmailCodesService },
) {
  jobs.define({
    name: MAINTENANCE_JOB,
    retryLimit: 1,
    handler: async () => {
      await deps.sessions.purgeExpired();
      await deps.captcha.purgeExpired();
      await deps.codes.purgeExpired();
      await deps.db.maintain?.();
    },
  });
}

export const scheduleMaintenance = (jobs: Jobs) => jobs.schedule(MAINTENANCE_JOB, '17 * * * *');
