import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from './login-guard.js';

/** The README as one line of words, so a rewrap does not matter. */
const readme = readFileSync(path.join(import.meta.dirname, 'README.md'), 'utf8').replace(/\s+/g, ' ');

describe('modules/auth/README.md says what the sign-in guard does', () => {
  it('describes no account lock (there is none since the login guard)', () => {
    expect(readme).not.toMatch(/lock(s|ed)? (it|the account) for/i);
    expect(readme).toContain('There is no account lock');
  });

  it('names the limits of LOGIN_LIMITS', () => {
    const {
      perIpPerMinute,
      freeFailuresPerSource,
      maxWaitSec,
      captchaAfterAccountFailures,
      failureWindowSec,
    } = LOGIN_LIMITS;
    expect(readme).toContain(`${perIpPerMinute} a minute`);
    expect(readme).toContain(`After ${freeFailuresPerSource} from one address`);
    expect(readme).toContain(`up to ${maxWaitSec / 60} minutes`);
    expect(readme).toContain(`After ${captchaAfterAccountFailures} wrong passwords on one account`);
    expect(failureWindowSec).toBe(3600);
    expect(readme).toContain('for an hour');
  });
});
