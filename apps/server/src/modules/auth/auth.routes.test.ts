import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { captcha, login, newUser } from '../../../test/factories.js';
import { LOGIN_LIMITS } from './login-guard.js';

const LOGIN = '/api/v1/api2/auth/login';
const REGISTER = '/api/v1/api2/auth/register';
const SEND = '/api/v1/api2/auth/sendEmailVerify';
const RESET = '/api/v1/api2/auth/resetPassword';

describe('auth calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('validation names the field', () => {
    const cases: [string, string, unknown, string][] = [
      ['login without username', LOGIN, { password: 'x' }, 'username'],
      ['login with empty username', LOGIN, { username: '  ', password: 'x' }, 'username'],
      ['login without password', LOGIN, { username: 'a' }, 'password'],
      ['login with a numeric password', LOGIN, { username: 'a', password: 5 }, 'password'],
      [
        'register with a short username',
        REGISTER,
        { username: 'ab', email: 'a@b.co', password: '12345678' },
        'username',
      ],
      [
        'register with a bad email',
        REGISTER,
        { username: 'abc', email: 'nope', password: '12345678' },
        'email',
      ],
      [
        'register with a short password',
        REGISTER,
        { username: 'abc', email: 'a@b.co', password: 'short' },
        'password',
      ],
      [
        'register with a 5-digit code',
        REGISTER,
        { username: 'abc', email: 'a@b.co', password: '12345678', email_code: '12345' },
        'email_code',
      ],
      ['sendEmailVerify with a bad email', SEND, { email: 'x' }, 'email'],
      ['sendEmailVerify with a bad purpose', SEND, { email: 'a@b.co', purpose: 'other' }, 'purpose'],
      ['resetPassword without code', RESET, { email: 'a@b.co', password: '12345678' }, 'email_code'],
    ];
    it.each(cases)('%s → 422 on %s', async (_name, url, body, field) => {
      const res = await t.call('POST', url, { body });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    });

    it('changePassword validates both fields', async () => {
      const u = await newUser(t);
      const token = await login(t, u.username, u.password);
      const res = await t.call('POST', '/api/v1/api2/user/changePassword', {
        token,
        body: { new_password: 'x' },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['new_password', 'old_password']);
      const wrong = await t.call('POST', '/api/v1/api2/user/changePassword', {
        token,
        body: { old_password: 'not it', new_password: 'long enough new' },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ old_password: ['wrong password'] });
    });
  });

  describe('captcha', () => {
    it('refuses a wrong answer and uses the captcha up', async () => {
      const u = await newUser(t);
      const cap = await captcha(t);
      const wrong = await t.call('POST', LOGIN, {
        body: { username: u.username, password: u.password, ...cap, captcha: 'zzzz' },
      });
      expect(wrong.status).toBe(422);
      expect(Object.keys(wrong.body.errors ?? {})).toEqual(['captcha']);
      const reuse = await t.call('POST', LOGIN, {
        body: { username: u.username, password: u.password, ...cap },
      });
      expect(reuse.status).toBe(422);
    });

    it('a failed login needs a new captcha', async () => {
      const u = await newUser(t);
      const cap = await captcha(t);
      const bad = await t.call('POST', LOGIN, {
        body: { username: u.username, password: 'wrong password', ...cap },
      });
      expect(bad.status).toBe(401);
      expect(bad.body.message).toBe('Account and password are incorrect.');
      const again = await t.call('POST', LOGIN, {
        body: { username: u.username, password: u.password, ...cap },
      });
      expect(again.status).toBe(422);
    });

    it('refuses an expired captcha', async () => {
      const u = await newUser(t);
      const cap = await captcha(t);
      await t.db.query(`update captchas set expires_at = now() - interval '1 second' where id = $1`, [
        cap.captcha_id,
      ]);
      const res = await t.call('POST', LOGIN, {
        body: { username: u.username, password: u.password, ...cap },
      });
      expect(res.status).toBe(422);
    });
  });

  // Per account and source waits, the captcha demand and resets: login-guard.test.ts.
  it('throttles logins per IP with 429 and Retry-After', async () => {
    const ip = '10.9.9.2';
    let last = 0;
    let retryAfter: unknown;
    for (let i = 0; i <= LOGIN_LIMITS.perIpPerMinute; i++) {
      const res = await t.call('POST', LOGIN, {
        body: { username: `ghost${i}`, password: 'x', ...(await captcha(t)) },
        ip,
      });
      last = res.status;
      retryAfter = res.headers['retry-after'];
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const otherIp = await t.call('POST', LOGIN, {
      body: { username: 'ghost', password: 'x', ...(await captcha(t)) },
      ip: '10.9.9.3',
    });
    expect(otherIp.status).toBe(401);
  });

  it.each([
    ['captcha', 'GET', '/api/v1/api2/auth/captcha', 'captcha:ip', 60, undefined],
    [
      'register',
      'POST',
      REGISTER,
      'register:ip',
      10,
      { username: 'throttled', email: 't@example.test', password: 'long enough pw', email_code: '123456' },
    ],
    ['sendEmailVerify', 'POST', SEND, 'mailcode:ip', 20, { email: 'thr@example.test', purpose: 'register' }],
    [
      'resetPassword',
      'POST',
      RESET,
      'reset:ip',
      20,
      { email: 'thr@example.test', email_code: '123456', password: 'long enough pw' },
    ],
  ] as const)('throttles %s per IP with 429', async (_name, method, url, prefix, max, body) => {
    const ip = `10.8.0.${max}`;
    await t.db.query('insert into rate_limits (key, window_start, hits) values ($1, now(), $2)', [
      `${prefix}:${ip}`,
      max,
    ]);
    const res = await t.call(method, url, { body, ip });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('THROTTLED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('allows one email code per address per 60 s', async () => {
    const email = 'once@example.test';
    expect(
      (await t.call('POST', SEND, { body: { email, purpose: 'register', ...(await captcha(t)) } })).status,
    ).toBe(200);
    const again = await t.call('POST', SEND, { body: { email, purpose: 'register', ...(await captcha(t)) } });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/wait/);
  });

  it('an email code allows five attempts, then a new code is needed', async () => {
    const email = 'tries@example.test';
    await t.call('POST', SEND, { body: { email, purpose: 'register', ...(await captcha(t)) } });
    const body = { username: 'triesuser', email, password: 'long enough pw', email_code: '000000' };
    const messages: string[] = [];
    for (let i = 0; i < 6; i++)
      messages.push(
        (await t.call('POST', REGISTER, { body: { ...body, ...(await captcha(t)) } })).body.errors
          ?.email_code?.[0] ?? '',
      );
    expect(messages.slice(0, 5).every((m) => m === 'wrong code' || m.startsWith('too many'))).toBe(true);
    expect(messages[5]).toMatch(/too many attempts/);
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from users where email = $1', [
      email,
    ]);
    expect(row!.n).toBe(0);
  });

  it('an expired email code is refused', async () => {
    const email = 'expired@example.test';
    await t.call('POST', SEND, { body: { email, purpose: 'register', ...(await captcha(t)) } });
    await t.db.query(`update email_codes set expires_at = now() - interval '1 second' where email = $1`, [
      email,
    ]);
    const res = await t.call('POST', REGISTER, {
      body: {
        ...(await captcha(t)),
        username: 'expireduser',
        email,
        password: 'long enough pw',
        email_code: '123456',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.email_code?.[0]).toMatch(/expired/);
  });

  it('registration and the email-code requirement can be switched off in settings', async () => {
    await t.services.settings.update({ register_email_code: false });
    const open = await t.call('POST', REGISTER, {
      body: {
        ...(await captcha(t)),
        username: 'nocodeuser',
        email: 'nocode@example.test',
        password: 'long enough pw',
      },
    });
    expect(open.body.code).toBe(200);
    const dup = await t.call('POST', REGISTER, {
      body: {
        ...(await captcha(t)),
        username: 'NoCodeUser',
        email: 'other@example.test',
        password: 'long enough pw',
      },
    });
    expect(dup.body.errors).toEqual({ username: ['already taken'] });
    await t.services.settings.update({ registration_open: false });
    const closed = await t.call('POST', REGISTER, {
      body: {
        ...(await captcha(t)),
        username: 'closeduser',
        email: 'closed@example.test',
        password: 'long enough pw',
      },
    });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe('Registration is closed.');
    await t.services.settings.update({ registration_open: true, register_email_code: true });
  });

  it('an unknown invite code is refused', async () => {
    await t.services.settings.update({ register_email_code: false });
    const res = await t.call('POST', REGISTER, {
      body: {
        ...(await captcha(t)),
        username: 'invited',
        email: 'invited@example.test',
        password: 'long enough pw',
        invite_code: 'NOPE1234',
      },
    });
    expect(res.body.errors).toEqual({ invite_code: ['unknown invite code'] });
    await t.services.settings.update({ register_email_code: true });
  });
});
