import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { captcha, count, newUser } from '../../../test/factories.js';

const SEND = '/api/v1/api2/auth/sendEmailVerify';
const REGISTER = '/api/v1/api2/auth/register';

describe('requests that send mail or create accounts (captchas on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sendEmailVerify asks for a captcha, for both purposes, and sends nothing without one', async () => {
    const u = await newUser(t);
    for (const body of [
      { email: 'captcha.first@example.test', purpose: 'register' },
      { email: u.email, purpose: 'reset' },
    ]) {
      const res = await t.call('POST', SEND, { body, ip: '10.70.0.1' });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['captcha']);
    }
    expect(await count(t, 'mail_outbox')).toBe(0);
    const ok = await t.call('POST', SEND, {
      body: { email: 'captcha.first@example.test', purpose: 'register', ...(await captcha(t)) },
      ip: '10.70.0.1',
    });
    expect(ok.status).toBe(200);
  });

  it('register asks for a captcha', async () => {
    await t.services.settings.update({ register_email_code: false });
    const body = { username: 'captchaless', email: 'captchaless@example.test', password: 'long enough pw' };
    const res = await t.call('POST', REGISTER, { body, ip: '10.70.0.2' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['captcha']);
    expect(await count(t, `users where username = 'captchaless'`)).toBe(0);
    const ok = await t.call('POST', REGISTER, { body: { ...body, ...(await captcha(t)) }, ip: '10.70.0.2' });
    expect(ok.status).toBe(200);
    await t.services.settings.update({ register_email_code: true });
  });

  it('a repeated reset request answers the same whether or not the account exists', async () => {
    const u = await newUser(t);
    const answers = async (email: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await t.call('POST', SEND, {
          body: { email, purpose: 'reset', ...(await captcha(t)) },
          ip,
        });
        seen.push(
          `${res.status} ${res.body.error ?? ''} ${res.body.message} ${res.headers['retry-after'] ? 'retry' : ''}`,
        );
      }
      return seen;
    };
    const known = await answers(u.email, '10.70.1.1');
    const unknown = await answers('no.such.account@example.test', '10.70.1.2');
    expect(unknown).toEqual(known);
    expect(known[1]).toMatch(/^429 THROTTLED/);
  });
});
