import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
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

  it('limits wrong passwords per link, whatever the address they come from', async () => {
    const { token } = await sharedSite(t, 'open sesame');
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await t.call('POST', SHARE, {
        body: { token, password: `guess ${i}` },
        ip: `10.77.0.${i + 1}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, SHARE_LIMITS.failuresPerLink)).toEqual(
      Array(SHARE_LIMITS.failuresPerLink).fill(422),
    );
    expect(statuses.slice(SHARE_LIMITS.failuresPerLink).every((s) => s === 429)).toBe(true);
    // Another link is not affected.
    const other = await sharedSite(t, 'open sesame');
    const ok = await t.call('POST', SHARE, { body: { token: other.token, password: 'open sesame' } });
    expect(ok.status).toBe(200);
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
