import { CRYPT_TEST_VECTOR, openPayload } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { login, newUser } from '../../../test/factories.js';

const INFO = '/api/v1/api2/user/info';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores only the SHA-256 of a token', async () => {
    const u = await newUser(t);
    const token = await login(t, u.username, u.password);
    const rows = await t.db.query<{ token_hash: string }>(
      'select token_hash from sessions where user_id = $1',
      [u.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('an expired session answers code 403 with HTTP 200', async () => {
    const u = await newUser(t);
    const token = await login(t, u.username, u.password);
    await t.db.query(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      u.id,
    ]);
    const res = await t.call('POST', INFO, { token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(403);
  });

  it('a missing or garbage token answers code 403', async () => {
    expect((await t.call('POST', INFO)).body.code).toBe(403);
    expect((await t.call('POST', INFO, { token: 'x'.repeat(43) })).body.code).toBe(403);
    expect((await t.call('POST', INFO, { token: "' or 1=1 --" })).body.code).toBe(403);
  });

  it('a banned user loses the session at the next call', async () => {
    const u = await newUser(t);
    const token = await login(t, u.username, u.password);
    await t.db.query(`update users set status = 'banned' where id = $1`, [u.id]);
    expect((await t.call('POST', INFO, { token })).body.code).toBe(403);
  });

  it('slides: an old token gets a renewed x_token, and the old one works for a grace period only', async () => {
    const u = await newUser(t);
    const token = await login(t, u.username, u.password);
    await t.db.query(
      `update sessions set token_issued_at = now() - interval '2 days', last_seen_at = now() - interval '1 hour', expires_at = now() + interval '1 hour' where user_id = $1`,
      [u.id],
    );
    const res = await t.call('POST', INFO, { token });
    expect(res.body.code).toBe(200);
    const renewed = res.body.x_token!;
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed).not.toBe(token);
    const [row] = await t.db.query<{ left: number }>(
      `select extract(epoch from expires_at - now())::int as left from sessions where user_id = $1`,
      [u.id],
    );
    expect(row!.left).toBeGreaterThan(6 * 24 * 3600);
    expect((await t.call('POST', INFO, { token: renewed })).body.x_token).toBeUndefined();
    expect((await t.call('POST', INFO, { token })).body.code).toBe(200);
    await t.db.query(
      `update sessions set prev_valid_until = now() - interval '1 second' where user_id = $1`,
      [u.id],
    );
    expect((await t.call('POST', INFO, { token })).body.code).toBe(403);
    expect((await t.call('POST', INFO, { token: renewed })).body.code).toBe(200);
  });

  it('role not allowed → HTTP 403; client sessions cannot change passwords', async () => {
    const u = await newUser(t);
    // A client session lives only while its site does, so it needs a real one.
    const site = await newSite(t, await newOwner(t));
    const token = await t.services.sessions.open({ kind: 'client', userId: null, siteId: site.id });
    const res = await t.call('POST', '/api/v1/api2/user/changePassword', {
      token,
      body: { old_password: u.password, new_password: 'another long one' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
  });

  it('seals payloads when crypt is on, with the scheme of the shared vector', async () => {
    const u = await newUser(t);
    const token = await login(t, u.username, u.password);
    await t.services.settings.update({ crypt_enabled: true });
    try {
      const res = await t.call('POST', INFO, { token });
      expect(res.body.crypt).toBe(1);
      expect(typeof res.body.data).toBe('string');
      const data = (await openPayload(token, { key: res.body.key!, data: res.body.data })) as {
        userInfo: { name: string };
      };
      expect(data.userInfo.name).toBe(u.username);
      await expect(
        openPayload(CRYPT_TEST_VECTOR.token, { key: res.body.key!, data: res.body.data }),
      ).rejects.toThrow();
      const publicCall = await t.call('GET', '/api/v1/api2/auth/captcha');
      expect(publicCall.body.crypt).toBeUndefined();
    } finally {
      await t.services.settings.update({ crypt_enabled: false });
    }
  });
});
