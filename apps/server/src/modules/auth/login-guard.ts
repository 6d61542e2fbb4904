import { throttled } from '../../lib/errors.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';

/**
 * Sign-in throttling that an attacker cannot turn against the owner: there is no account lock.
 * - Failures are counted per account AND source address. After a few, each further try from that
 *   source waits, twice as long each time (2 s, 4 s … up to 15 min); other sources are not slowed.
 * - Failures on the account from all sources together make every sign-in on it ask for a captcha,
 *   even when captchas are switched off (CAPTCHA_ENABLED=false): guessing from many addresses then
 *   costs a solved captcha per try, while the owner, with the right password and a captcha, still
 *   gets in from anywhere.
 * - Unknown accounts are counted the same way under the name typed, so the answers (401, 429, a
 *   captcha request) are the same for accounts that exist and those that do not.
 * - A successful sign-in clears its source's count; a password reset (web or CLI) clears everything.
 */
export const LOGIN_LIMITS = {
  perIpPerMinute: 20,
  /** Failures from one source on one account before its tries start to wait. */
  freeFailuresPerSource: 3,
  maxWaitSec: 15 * 60,
  /** Failures on one account, all sources together, after which a captcha is always asked. */
  captchaAfterAccountFailures: 10,
  failureWindowSec: 60 * 60,
};

/** One sign-in attempt: whose account (an id, or the unknown name typed) from which address. */
export interface Attempt {
  subject: string;
  ip: string;
}

const sourceKey = (a: Attempt) => `login:src:${a.subject}|${a.ip}`;
const waitKey = (a: Attempt) => `login:wait:${a.subject}|${a.ip}`;
const accountKey = (subject: string) => `login:acct:${subject}`;
const userSubject = (userId: number) => `u${userId}`;

export function attemptOf(userId: number | undefined, login: string, ip: string): Attempt {
  return { subject: userId === undefined ? `n:${login}` : userSubject(userId), ip };
}

/** The wait after the n-th failure from one source: none for the first few, then doubling. */
export function waitAfter(failures: number): number {
  const over = failures - LOGIN_LIMITS.freeFailuresPerSource;
  return over <= 0 ? 0 : Math.min(LOGIN_LIMITS.maxWaitSec, 2 ** over);
}

export class LoginGuard {
  constructor(
    private readonly throttle: ThrottleService,
    private readonly captcha: CaptchaService,
  ) {}

  /** Refuses a source that must still wait; asks for a captcha when the site or the account needs one. */
  async admit(attempt: Attempt, answer: { captcha_id?: string; captcha?: string }): Promise<void> {
    const wait = await this.throttle.heldFor(waitKey(attempt));
    if (wait > 0) throw throttled(wait, tooManyFailures(wait));
    const underAttack =
      (await this.throttle.failures(accountKey(attempt.subject), LOGIN_LIMITS.failureWindowSec)) >=
      LOGIN_LIMITS.captchaAfterAccountFailures;
    await this.captcha.verify(answer.captcha_id, answer.captcha, this.captcha.enabled || underAttack);
  }

  async failed(attempt: Attempt): Promise<void> {
    const { failureWindowSec } = LOGIN_LIMITS;
    await this.throttle.fail(accountKey(attempt.subject), failureWindowSec);
    const wait = waitAfter(await this.throttle.fail(sourceKey(attempt), failureWindowSec));
    if (wait > 0) await this.throttle.hold(waitKey(attempt), wait);
  }

  /** The owner got in from this source: its count starts again (the account's count runs on). */
  async succeeded(attempt: Attempt): Promise<void> {
    await this.throttle.reset(sourceKey(attempt));
    await this.throttle.reset(waitKey(attempt));
  }
}

/** After a password reset nothing of the old failures may slow or challenge the owner. */
export async function forgetLoginFailures(throttle: ThrottleService, userId: number): Promise<void> {
  const subject = userSubject(userId);
  await throttle.reset(accountKey(subject));
  await throttle.resetPrefix(`login:src:${subject}|`);
  await throttle.resetPrefix(`login:wait:${subject}|`);
}

const tooManyFailures = (wait: number) =>
  `Too many failed sign-ins from this address; try again in ${wait} s.`;
