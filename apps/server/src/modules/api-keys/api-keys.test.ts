import { API_KEYS_API, type ApiKey, USER_API } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { apiKeyOf, callWithKey, clientSession } from '../../../test/role-matrix.js';
import { sha256 } from '../../lib/tokens.js';
import { addressAllowed } from './allowed-addresses.js';

const INFO = ['POST', USER_API.info.path, {}] as const;

/** Audit rows are written once the answer is sent: waits for them. */
async function auditRows(t: TestApp, action: string, target: string, atLeast = 1) {
  for (let i = 0; i < 50; i++) {
    const rows = await t.db.query<{ actor_id: number; after: Record<string, unknown> | null; ip: string }>(
      'select actor_id::int as actor_id, after, ip from audit_log where action = $1 and target = $2 order by id',
      [action, target],
    );
    if (rows.length >= atLeast) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${atLeast} ${action} rows for ${target}`);
}

describe('API keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is created on 个人中心, shown once, stored as its SHA-256 and audited', async () => {
    const owner = await signedIn(t);
    const res = await t.call('POST', API_KEYS_API.create.path, {
      token: owner.token,
      body: { name: 'nightly export', scopes: ['reports:read'], allowed_ips: ['203.0.113.0/24'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { key, api_key } = res.body.data as { key: string; api_key: ApiKey };
    expect(key).toMatch(/^tly_[A-Za-z0-9_-]{43}$/);
    expect(api_key).toMatchObject({ name: 'nightly export', status: 'active', expires_at: null });
    expect(key.startsWith(api_key.prefix)).toBe(true);

    const [row] = await t.db.query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [
      api_key.id,
    ]);
    expect(row?.key_hash).toBe(sha256(key));
    const listed = await t.call('GET', API_KEYS_API.fetch.path, { token: owner.token });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(listed.body.data.list.map((k: ApiKey) => k.id)).toEqual([api_key.id]);
    const [audit] = await auditRows(t, 'api_key.create', `api_key:${api_key.id}`);
    expect(audit?.actor_id).toBe(owner.id);
    expect(JSON.stringify(audit?.after)).not.toContain(key);
  });

  it('refuses scopes beyond the owner’s roles, a past expiry and a bad address', async () => {
    const owner = await signedIn(t);
    const create = (body: object) =>
      t.call('POST', API_KEYS_API.create.path, { token: owner.token, body: { name: 'k', ...body } });
    const admin = await create({ scopes: ['admin:read'] });
    expect(admin.status).toBe(422);
    expect(admin.body.errors).toEqual({ scopes: ['your roles do not allow this scope'] });
    const past = await create({ scopes: ['reports:read'], expires_at: '2020-01-01T00:00:00Z' });
    expect(past.body.errors).toEqual({ expires_at: ['must be in the future'] });
    expect((await create({ scopes: ['reports:read'], allowed_ips: ['10.0.0.0/33'] })).status).toBe(422);
    expect((await create({ scopes: [] })).status).toBe(422);
    // A share-link client has no account to hold keys.
    const client = await clientSession(t);
    expect((await t.call('GET', API_KEYS_API.fetch.path, { token: client })).status).toBe(403);
  });

  it('answers Authorization: Bearer beside X-Token, never rotating a token', async () => {
    const { key, username } = await apiKeyOf(t, ['user'], ['reports:read']);
    const res = await callWithKey(t, key, INFO);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(username);
    expect(res.body.x_token).toBeUndefined();
    // An X-Token, when sent, is what counts.
    const other = await signedIn(t);
    const both = await t.call('POST', USER_API.info.path, {
      token: other.token,
      body: {},
      headers: { authorization: `Bearer ${key}` },
    });
    expect(JSON.stringify(both.body)).toContain(other.username);
    // A Bearer that is no key of ours is ignored, as before keys: no session, code 403.
    const foreign = await t.call('POST', USER_API.info.path, {
      body: {},
      headers: { authorization: 'Bearer abc' },
    });
    expect(foreign.body).toMatchObject({ code: 403, data: null });
    // A key-shaped credential nobody holds is refused outright.
    const unknown = await callWithKey(t, `tly_${'x'.repeat(43)}`, INFO);
    expect(unknown.status).toBe(401);
  });

  it('refuses a revoked key at once, and an expired one', async () => {
    const owner = await signedIn(t);
    const created = await t.call('POST', API_KEYS_API.create.path, {
      token: owner.token,
      body: {
        name: 'short-lived',
        scopes: ['reports:read'],
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      },
    });
    const { key, api_key } = created.body.data as { key: string; api_key: ApiKey };
    expect((await callWithKey(t, key, INFO)).status).toBe(200);
    const revoked = await t.call('POST', API_KEYS_API.revoke.path, {
      token: owner.token,
      body: { id: api_key.id },
    });
    expect(revoked.body.data).toMatchObject({ id: api_key.id, status: 'revoked' });
    const refused = await callWithKey(t, key, INFO);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This API key is invalid, revoked or expired.');
    await auditRows(t, 'api_key.revoke', `api_key:${api_key.id}`);

    const expiring = await apiKeyOf(t, ['user'], ['reports:read'], {
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect((await callWithKey(t, expiring.key, INFO)).status).toBe(200);
    await t.db.query(`update api_keys set expires_at = now() - interval '1 second' where id = $1`, [
      expiring.keyId,
    ]);
    expect((await callWithKey(t, expiring.key, INFO)).status).toBe(401);
    const list = await t.services.apiKeys.list(expiring.id);
    expect(list.list[0]?.status).toBe('expired');
  });

  it('ends every key of an account with a new password, as it ends its sessions', async () => {
    const changed = await apiKeyOf(t, ['user'], ['reports:read']);
    expect((await callWithKey(t, changed.key, INFO)).status).toBe(200);
    await t.services.users.setPassword(changed.id, 'a-new-password-9');
    expect((await callWithKey(t, changed.key, INFO)).status).toBe(401);
    await auditRows(t, 'api_key.revoke_all', `user:${changed.id}`);

    const reset = await apiKeyOf(t, ['user'], ['reports:read']);
    const admin = await signedIn(t, ['admin']);
    await t.services.userAdmin.resetPassword(reset.id, { userId: admin.id, ip: '127.0.0.1' });
    expect((await callWithKey(t, reset.key, INFO)).status).toBe(401);
  });

  it('refuses the key of a banned owner', async () => {
    const { key, id } = await apiKeyOf(t, ['user'], ['reports:read']);
    await t.db.query(`update users set status = 'banned' where id = $1`, [id]);
    expect((await callWithKey(t, key, INFO)).status).toBe(401);
  });

  it('is taken only from its allowed addresses', async () => {
    const { key } = await apiKeyOf(t, ['user'], ['reports:read'], {
      allowed_ips: ['10.0.0.0/8', '2001:db8::1'],
    });
    const from = async (ip: string) => (await callWithKey(t, key, INFO, ip)).status;
    expect(await from('127.0.0.1')).toBe(403);
    expect(await from('11.0.0.1')).toBe(403);
    expect(await from('10.20.30.40')).toBe(200);
    expect(await from('2001:db8::1')).toBe(200);
    expect(await from('2001:db8::2')).toBe(403);
    const refused = await callWithKey(t, key, INFO, '192.0.2.1');
    expect(refused.body.message).toBe('This API key may not be used from this address.');
  });

  it('matches addresses and ranges of both families', () => {
    expect(addressAllowed('1.2.3.4', [])).toBe(true);
    expect(addressAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('10.1.2.3', ['10.1.2.3'])).toBe(true);
    expect(addressAllowed('10.1.2.4', ['10.1.2.3'])).toBe(false);
    expect(addressAllowed('2001:db8:1::5', ['2001:db8::/32'])).toBe(true);
    expect(addressAllowed('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(addressAllowed('not an ip', ['0.0.0.0/0'])).toBe(false);
  });

  it('is throttled per key', async () => {
    const a = await apiKeyOf(t, ['user'], ['reports:read']);
    const b = await apiKeyOf(t, ['user'], ['reports:read']);
    await t.db.query(`insert into rate_limits (key, window_start, hits) values ($1, now(), 300)`, [
      `apikey:${a.keyId}`,
    ]);
    const res = await callWithKey(t, a.key, INFO);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await callWithKey(t, b.key, INFO)).status).toBe(200);
  });

  it('shows its last use, audits reads once a minute and every change', async () => {
    const owner = await apiKeyOf(t, ['user'], ['reports:read', 'sites']);
    const target = `api_key:${owner.keyId}`;
    await callWithKey(t, owner.key, INFO, '198.51.100.7');
    await auditRows(t, 'api_key.use', target);
    await callWithKey(t, owner.key, ['GET', '/api/v1/api2/sites/fetch', undefined], '198.51.100.7');
    await new Promise((r) => setTimeout(r, 100));
    const save = [
      'POST',
      '/api/v1/api2/sites/save',
      { name: 'By script', domains: ['script.example'] },
    ] as const;
    expect((await callWithKey(t, owner.key, save, '198.51.100.7')).body.code).toBe(200);
    expect((await callWithKey(t, owner.key, save, '198.51.100.7')).body.code).not.toBe(403);
    await auditRows(t, 'api_key.use', target, 3);
    await new Promise((r) => setTimeout(r, 100));
    const rows = await auditRows(t, 'api_key.use', target);
    const calls = rows.map((r) => r.after?.call);
    // The first read of the minute, then each change; the second read left no row.
    expect(calls).toEqual(['account.info', 'sites.save', 'sites.save']);
    expect(rows[0]?.ip).toBe('198.51.100.7');
    const [listed] = (await t.services.apiKeys.list(owner.id)).list;
    expect(listed?.last_used_ip).toBe('198.51.100.7');
    expect(listed?.last_used_at).not.toBeNull();
  });

  it('lets an admin list and revoke a user’s keys in 用户管理', async () => {
    const admin = await signedIn(t, ['admin']);
    const owner = await apiKeyOf(t, ['user'], ['reports:read']);
    const listed = await t.call('GET', `${API_KEYS_API.userFetch.path}?user_id=${owner.id}`, {
      token: admin.token,
    });
    expect(listed.body.data.list.map((k: ApiKey) => k.id)).toEqual([owner.keyId]);
    const plain = await signedIn(t);
    expect(
      (await t.call('GET', `${API_KEYS_API.userFetch.path}?user_id=${owner.id}`, { token: plain.token }))
        .status,
    ).toBe(403);
    // Another user's key is not found through one's own revoke call.
    expect(
      (await t.call('POST', API_KEYS_API.revoke.path, { token: plain.token, body: { id: owner.keyId } }))
        .status,
    ).toBe(404);
    const revoked = await t.call('POST', API_KEYS_API.userRevoke.path, {
      token: admin.token,
      body: { id: owner.keyId },
    });
    expect(revoked.body.data.status).toBe('revoked');
    expect((await callWithKey(t, owner.key, INFO)).status).toBe(401);
    const [audit] = await auditRows(t, 'api_key.revoke', `api_key:${owner.keyId}`);
    expect(audit?.actor_id).toBe(admin.id);
  });

  it('cannot create keys, change the password or sign out', async () => {
    const { key } = await apiKeyOf(
      t,
      ['admin'],
      ['reports:read', 'sites', 'finance:read', 'admin:read', 'admin'],
    );
    const create = ['POST', API_KEYS_API.create.path, { name: 'more', scopes: ['admin'] }] as const;
    expect((await callWithKey(t, key, create)).status).toBe(403);
    const change = [
      'POST',
      USER_API.changePassword.path,
      { old_password: 'x', new_password: 'yyyyyyyy' },
    ] as const;
    expect((await callWithKey(t, key, change)).status).toBe(403);
    expect((await callWithKey(t, key, ['GET', USER_API.logout.path, undefined])).status).toBe(403);
  });
});
