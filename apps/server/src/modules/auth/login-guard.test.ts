import { localizeMessage } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TEXT, createTestApp, type TestApp } from '../../../test/app.js';
import { captcha, newUser } from '../../../test/factories.js';
import { LOGIN_LIMITS, waitAfter } from './login-guard.js';

const LOGIN = '/api/v1/api2/auth/login';

/** Lets every running wait end, as if its time had passed. */
const endWaits = (t: TestApp) =>
  t.db.query(`update rate_limits set window_start = now() - interval '1 day' where key like 'login:wait:%'`);

describe('sign-in throttling (captchas on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tryLogin = async (username: string, password: string, ip: string) =>
    t.call('POST', LOGIN, { body: { username, password, ...(await captcha(t)) }, ip });

  it("an attacker's wrong passwords never keep the owner out, the admin included", async () => {
    const admin = await newUser(t, { roles: ['admin'] });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await tryLogin(admin.username, `guess ${i}`, '10.60.0.1')).status);
      await endWaits(t);
    }
    expect(statuses).not.toContain(423);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const owner = await tryLogin(admin.username, admin.password, '10.60.0.2');
    expect(owner.status).toBe(200);
  });

  it('the source that fails waits longer each time (429 with Retry-After), other sources do not', async () => {
    const u = await newUser(t);
    const ip = '10.60.1.1';
    for (let i = 0; i < LOGIN_LIMITS.freeFailuresPerSource; i++) {
      expect((await tryLogin(u.username, 'bad', ip)).status).toBe(401);
    }
    expect((await tryLogin(u.username, 'bad', ip)).status).toBe(401);
    const first = await tryLogin(u.username, u.password, ip);
    expect(first.status).toBe(429);
    expect(Number(first.headers['retry-after'])).toBe(waitAfter(LOGIN_LIMITS.freeFailuresPerSource + 1));
    // English in the API's own language, Chinese from the one catalogue (not both glued together).
    expect(first.body.message).toBe(
      `Too many failed sign-ins from this address; try again in ${waitAfter(LOGIN_LIMITS.freeFailuresPerSource + 1)} s.`,
    );
    expect(localizeMessage(first.body.message, 'zh')).toMatch(/^登录失败次数过多，请 \d+ 秒后再试。$/);
    await endWaits(t);
    expect((await tryLogin(u.username, 'bad', ip)).status).toBe(401);
    const second = await tryLogin(u.username, 'bad', ip);
    expect(Number(second.headers['retry-after'])).toBe(waitAfter(LOGIN_LIMITS.freeFailuresPerSource + 2));
    expect(waitAfter(LOGIN_LIMITS.freeFailuresPerSource + 2)).toBeGreaterThan(
      waitAfter(LOGIN_LIMITS.freeFailuresPerSource + 1),
    );
    // The right password from a clean source is accepted while this one waits.
    expect((await tryLogin(u.username, u.password, '10.60.1.2')).status).toBe(200);
  });

  it('answers the same for an account that exists and one that does not', async () => {
    const u = await newUser(t);
    const run = async (username: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await tryLogin(username, 'bad', ip);
        seen.push(`${res.status} ${res.body.error}`);
      }
      return seen;
    };
    const known = await run(u.username, '10.60.2.1');
    const unknown = await run('nobody_at_all', '10.60.2.2');
    expect(unknown).toEqual(known);
    expect(known.some((s) => s.startsWith('423'))).toBe(false);
  });

  it('a CLI password reset clears the failures', async () => {
    const u = await newUser(t);
    const ip = '10.60.3.1';
    for (let i = 0; i <= LOGIN_LIMITS.freeFailuresPerSource; i++) await tryLogin(u.username, 'bad', ip);
    expect((await tryLogin(u.username, u.password, ip)).status).toBe(429);
    await t.services.users.upsertAccount({ ...u, password: 'after the reset', roles: ['user'] });
    expect((await tryLogin(u.username, 'after the reset', ip)).status).toBe(200);
  });
});

describe('sign-in throttling with captchas switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('asks for a captcha on an account under attack, and the owner gets in with one', async () => {
    const u = await newUser(t);
    for (let i = 0; i < LOGIN_LIMITS.captchaAfterAccountFailures; i++) {
      const res = await t.call('POST', LOGIN, {
        body: { username: u.username, password: 'bad' },
        ip: `10.61.0.${i + 1}`,
      });
      expect(res.status).toBe(401);
    }
    const clean = { ip: '10.61.1.1' };
    const without = await t.call('POST', LOGIN, {
      body: { username: u.username, password: u.password },
      ...clean,
    });
    expect(without.status).toBe(422);
    expect(Object.keys(without.body.errors ?? {})).toEqual(['captcha']);
    // The same for an unknown name under the same attack.
    for (let i = 0; i < LOGIN_LIMITS.captchaAfterAccountFailures; i++) {
      await t.call('POST', LOGIN, {
        body: { username: 'ghost_user', password: 'bad' },
        ip: `10.61.2.${i + 1}`,
      });
    }
    const ghost = await t.call('POST', LOGIN, { body: { username: 'ghost_user', password: 'x' }, ...clean });
    expect(ghost.status).toBe(422);
    expect(Object.keys(ghost.body.errors ?? {})).toEqual(['captcha']);

    const cap = await t.call('GET', '/api/v1/api2/auth/captcha?force=1');
    expect(cap.body.data).toMatchObject({ enabled: true });
    expect(cap.body.data.svg).toMatch(/^<svg/);
    const owner = await t.call('POST', LOGIN, {
      body: {
        username: u.username,
        password: u.password,
        captcha_id: cap.body.data.captcha_id,
        captcha: CAPTCHA_TEXT,
      },
      ...clean,
    });
    expect(owner.status).toBe(200);
    // An account nobody attacks needs no captcha.
    const calm = await newUser(t);
    const res = await t.call('POST', LOGIN, { body: { username: calm.username, password: calm.password } });
    expect(res.status).toBe(200);
  });

  it('a CLI reset clears the captcha demand and the waits', async () => {
    const u = await newUser(t);
    for (let i = 0; i < LOGIN_LIMITS.captchaAfterAccountFailures; i++) {
      await t.call('POST', LOGIN, { body: { username: u.username, password: 'bad' }, ip: '10.62.0.1' });
      await endWaits(t);
    }
    await t.call('POST', LOGIN, { body: { username: u.username, password: 'bad' }, ip: '10.62.0.1' });
    await t.services.users.upsertAccount({ ...u, password: 'after the reset', roles: ['user'] });
    const res = await t.call('POST', LOGIN, {
      body: { username: u.username, password: 'after the reset' },
      ip: '10.62.0.1',
    });
    expect(res.status).toBe(200);
  });
});
