import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { captcha } from '../../../test/factories.js';
import { CHANGE_PASSWORD_LIMITS } from '../users/users.service.js';
import { SHARE_LIMITS } from './share.service.js';

const SHARE = '/api/v1/api2/auth/share';
const INFO = '/api/v1/api2/user/info';

/** A share link of a fresh owner's fresh site, optionally with a password. */
async function sharedSite(t: TestApp, password?: string) {
  const owner = await newOwner(t);
  const site = await newSite(t, owner, { name: 'Shared' });
  const res = await t.call('POST', '/api/v1/api2/sites/share', {
    token: owner.token,
    body: { id: site.id, action: 'enable', ...(password ? { password } : {}) },
  });
  return { owner, site, token: res.body.data.token as string };
}

describe('share links and their owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('guesses from many addresses make the link ask for a captcha; the right password with one still opens it', async () => {
    const { site, token } = await sharedSite(t, 'open sesame');
    const answers: string[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await t.call('POST', SHARE, {
        body: { token, password: `guess ${i}` },
        ip: `10.77.0.${i + 1}`,
      });
      answers.push(`${res.status} ${Object.keys(res.body.errors ?? {}).join()}`);
    }
    const limit = SHARE_LIMITS.captchaAfterLinkFailures;
    expect(answers.slice(0, limit)).toEqual(Array(limit).fill('422 password'));
    // From then on a guess without a solved captcha is not even tried.
    expect(answers.slice(limit)).toEqual(Array(35 - limit).fill('422 captcha'));
    const [failures] = await t.db.query<{ hits: number }>('select hits from rate_limits where key = $1', [
      `share:link:${site.id}`,
    ]);
    expect(failures?.hits).toBe(limit);

    // The viewer who knows the password, from an address of their own: asked for a captcha, not refused.
    const viewer = { ip: '10.78.0.1' };
    const asked = await t.call('POST', SHARE, { body: { token, password: 'open sesame' }, ...viewer });
    expect([asked.status, asked.body.errors]).toEqual([422, { captcha: ['required'] }]);
    const opened = await t.call('POST', SHARE, {
      body: { token, password: 'open sesame', ...(await captcha(t)) },
      ...viewer,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.x_token).toBeTruthy();
    // Another link is not affected.
    const other = await sharedSite(t, 'open sesame');
    const ok = await t.call('POST', SHARE, { body: { token: other.token, password: 'open sesame' } });
    expect(ok.status).toBe(200);
  });

  it('ten wrong passwords from one address refuse that address on that link only (429, the right one too)', async () => {
    const { token } = await sharedSite(t, 'open sesame');
    const attacker = { ip: '10.79.0.1' };
    for (let i = 0; i < SHARE_LIMITS.failuresPerSource; i++) {
      const cap = i < SHARE_LIMITS.captchaAfterLinkFailures ? {} : await captcha(t);
      const res = await t.call('POST', SHARE, {
        body: { token, password: `guess ${i}`, ...cap },
        ...attacker,
      });
      expect(res.body.errors).toEqual({ password: ['wrong password'] });
    }
    const refused = await t.call('POST', SHARE, {
      body: { token, password: 'open sesame', ...(await captcha(t)) },
      ...attacker,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('请求过于频繁，请稍后再试。');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Everyone else: the right password with a captcha (the link met ten wrong ones) opens it.
    const viewer = await t.call('POST', SHARE, {
      body: { token, password: 'open sesame', ...(await captcha(t)) },
      ip: '10.79.0.2',
    });
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(200);
  });

  it("ends client sessions and refuses share logins while the owner's account is disabled", async () => {
    const { owner, token } = await sharedSite(t);
    const client = (await t.call('POST', SHARE, { body: { token } })).body.data.x_token as string;
    expect((await t.call('POST', INFO, { token: client })).body.code).toBe(200);
    await t.db.query(`update users set status = 'disabled' where id = $1`, [owner.id]);
    expect((await t.call('POST', INFO, { token: client })).body.code).toBe(403);
    expect((await t.call('POST', SHARE, { body: { token } })).status).toBe(404);
  });

  it('ends client sessions and refuses share logins while the site is disabled', async () => {
    const { site, token } = await sharedSite(t);
    const client = (await t.call('POST', SHARE, { body: { token } })).body.data.x_token as string;
    await t.db.query('update sites set enabled = false where id = $1', [site.id]);
    expect((await t.call('POST', INFO, { token: client })).body.code).toBe(403);
    expect(
      (await t.call('GET', `/api/v1/api2/report/overview?site_id=${site.id}`, { token: client })).body.code,
    ).toBe(403);
    expect((await t.call('POST', SHARE, { body: { token } })).status).toBe(404);
  });

  it('changePassword allows a few wrong old passwords per session, then answers 429', async () => {
    const { owner } = await sharedSite(t);
    const statuses: number[] = [];
    for (let i = 0; i < CHANGE_PASSWORD_LIMITS.max + 3; i++) {
      const res = await t.call('POST', '/api/v1/api2/user/changePassword', {
        token: owner.token,
        body: { old_password: `guess ${i}`, new_password: 'a brand new password' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(CHANGE_PASSWORD_LIMITS.max).fill(422), 429, 429, 429]);
    // Another session of the same user is not slowed by this one.
    const other = await t.services.sessions.open({ kind: 'user', userId: owner.id });
    const res = await t.call('POST', '/api/v1/api2/user/changePassword', {
      token: other,
      body: { old_password: 'still a guess', new_password: 'a brand new password' },
    });
    expect(res.status).toBe(422);
  });
});
