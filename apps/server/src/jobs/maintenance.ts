import type { EmailCodesService } from '../modules/auth/email-codes.service.js';
import type { CaptchaService } from '../modules/captcha/captcha.service.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';
import type { Jobs } from './index.js';

export const MAINTENANCE_JOB = 'maintenance.purge';

/** Expired sessions, captchas and email codes are dead weight in hot indexes; clear them hourly. */
export async function defineMaintenance(
  jobs: Jobs,
  deps: { sessions: SessionsService; captcha: CaptchaService; codes: EmailCodesService },
) {
  jobs.define({
    name: MAINTENANCE_JOB,
    retryLimit: 1,
    handler: async () => {
      await deps.sessions.purgeExpired();
      await deps.captcha.purgeExpired();
      await deps.codes.purgeExpired();
    },
  });
}

export const scheduleMaintenance = (jobs: Jobs) => jobs.schedule(MAINTENANCE_JOB, '17 * * * *');
