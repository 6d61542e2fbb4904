import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { captcha, deliveredMail, newUser } from './factories.js';
import { codeIn, startSmtp } from './smtp.js';

describe('account flow over HTTP with a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('captcha → login → info → change password → logout → the old token is refused', async () => {
    const u = await newUser(t);
    const cap = await t.call('GET', '/api/v1/api2/auth/captcha');
    expect(cap.status).toBe(200);
    expect(cap.body.data.enabled).toBe(true);
    expect(cap.body.data.svg).toMatch(/^<svg/);

    const login = await t.call('POST', '/api/v1/api2/auth/login', {
      body: {
        username: u.username,
        password: u.password,
        captcha_id: cap.body.data.captcha_id,
        captcha: 'K7M2',
      },
    });
    expect(login.status).toBe(200);
    expect(login.body.code).toBe(200);
    expect(login.body.data.name).toBe(u.username);
    const token = login.body.data.x_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await t.call('POST', '/api/v1/api2/user/info', { token, body: { roles: [] } });
    expect(info.body.code).toBe(200);
    expect(info.body.data.userInfo).toMatchObject({ roles: ['user'], name: u.username, is_admin: 0 });
    expect(info.body.data.is_client).toBe(0);
    expect(info.body.data.invite_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(info.body.data.set).toMatchObject({ webtitle: '系统后台', webclose: 0, tjDomains: '[]' });
    expect(info.body.data.ads).toEqual([]);

    const other = await t.call('POST', '/api/v1/api2/auth/login', {
      body: { username: u.email, password: u.password, ...(await captcha(t)) },
    });
    const otherToken = other.body.data.x_token as string;

    const changed = await t.call('POST', '/api/v1/api2/user/changePassword', {
      token,
      body: { old_password: u.password, new_password: 'a brand new secret' },
    });
    expect(changed.body.code).toBe(200);
    expect((await t.call('POST', '/api/v1/api2/user/info', { token: otherToken })).body.code).toBe(403);
    expect((await t.call('POST', '/api/v1/api2/user/info', { token })).body.code).toBe(200);

    const out = await t.call('GET', '/api/v1/api2/user/logout', { token });
    expect(out.body.code).toBe(200);
    const after = await t.call('POST', '/api/v1/api2/user/info', { token });
    expect(after.status).toBe(200);
    expect(after.body.code).toBe(403);
    expect(after.body.message).toBe('Verification failed, please Login again.');
  });

  it('registers with an email code read from the real mail, and the invite links the inviter', async () => {
    const inviter = await newUser(t);
    const inviterCode = (
      await t.services.users.info({
        sessionId: 0,
        kind: 'user',
        userId: inviter.id,
        siteId: null,
        roles: ['user'],
        name: '',
        token: '',
      })
    ).invite_code;
    const email = 'new.person@example.test';
    const send = await t.call('POST', '/api/v1/api2/auth/sendEmailVerify', {
      body: { email, purpose: 'register', ...(await captcha(t)) },
    });
    expect(send.body.code).toBe(200);
    const code = codeIn(await smtp.waitFor(email));

    const reg = await t.call('POST', '/api/v1/api2/auth/register', {
      body: {
        ...(await captcha(t)),
        username: 'newperson',
        email,
        password: 'long enough pw',
        email_code: code,
        invite_code: inviterCode,
      },
    });
    expect(reg.body.code).toBe(200);
    expect(reg.body.data.name).toBe('newperson');
    const info = await t.call('POST', '/api/v1/api2/user/info', { token: reg.body.data.x_token });
    expect(info.body.data.userInfo.roles).toEqual(['user']);
    const [row] = await t.db.query<{ invited_by: number }>(
      'select invited_by from users where username = $1',
      ['newperson'],
    );
    expect(Number(row!.invited_by)).toBe(inviter.id);

    const reuse = await t.call('POST', '/api/v1/api2/auth/register', {
      body: {
        ...(await captcha(t)),
        username: 'someoneelse',
        email: 'x@example.test',
        password: 'long enough pw',
        email_code: code,
      },
    });
    expect(reuse.status).toBe(422);
  });

  it('password reset by mailed code revokes every session of the user', async () => {
    const u = await newUser(t);
    const { login } = await import('./factories.js');
    const s1 = await login(t, u.username, u.password);
    const s2 = await login(t, u.username, u.password);
    await t.call('POST', '/api/v1/api2/auth/sendEmailVerify', {
      body: { email: u.email, purpose: 'reset', ...(await captcha(t)) },
    });
    const code = codeIn(await smtp.waitFor(u.email));
    // Once sent, the code no longer sits in the outbox.
    const sent = await deliveredMail(t, u.email);
    expect(sent.status).toBe('sent');
    expect(sent.text).toBe('');
    const reset = await t.call('POST', '/api/v1/api2/auth/resetPassword', {
      body: { email: u.email, email_code: code, password: 'reset password 1' },
    });
    expect(reset.body.code).toBe(200);
    for (const token of [s1, s2]) {
      expect((await t.call('POST', '/api/v1/api2/user/info', { token })).body.code).toBe(403);
    }
    await expect(login(t, u.username, 'reset password 1')).resolves.toMatch(/.{43}/);
  });

  it('a reset request for an unknown address answers the same and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await t.call('POST', '/api/v1/api2/auth/sendEmailVerify', {
      body: { email: 'nobody@example.test', purpose: 'reset', ...(await captcha(t)) },
    });
    expect(res.body.code).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.mails.length).toBe(before);
  });
});
