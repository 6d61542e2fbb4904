import type { ApiKeyCreateBody, ApiKeyScope, UserRole } from '@tally/contracts';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { newOwner, newSite } from './analytics-factories.js';
import type { TestApp } from './app.js';
import { newUser, signedIn } from './factories.js';

type Method = InjectOptions['method'];

/** A share-link client's session (seed: it sees its site's overview and logs out, nothing else). */
export async function clientSession(t: TestApp): Promise<string> {
  const site = await newSite(t, await newOwner(t));
  return t.services.sessions.open({ kind: 'client', userId: null, siteId: site.id });
}

/**
 * An API key of a new account with `roles` (the key column of the matrix). `grantedAs` are the roles
 * the owner held when the key was made: an admin-scoped key of a user who is no admin any more.
 */
export async function apiKeyOf(
  t: TestApp,
  roles: UserRole[],
  scopes: ApiKeyScope[],
  opts: Partial<Pick<ApiKeyCreateBody, 'expires_at' | 'allowed_ips'>> & { grantedAs?: UserRole[] } = {},
) {
  const user = await newUser(t, { roles });
  const created = await t.services.apiKeys.create(
    { userId: user.id, roles: opts.grantedAs ?? roles },
    { name: 'matrix', scopes, expires_at: opts.expires_at ?? null, allowed_ips: opts.allowed_ips ?? [] },
    { userId: user.id, ip: '127.0.0.1' },
  );
  return { ...user, key: created.key, keyId: created.api_key.id };
}

/** A call made the way a script makes it: `Authorization: Bearer <key>`, no `X-Token`. */
export function callWithKey(
  t: TestApp,
  key: string,
  [method, url, body]: readonly [Method, string, unknown],
  ip?: string,
) {
  return t.call(method, url, { body, ip, headers: { authorization: `Bearer ${key}` } });
}

/** Without a session: HTTP 200 with body code 403, which sends the seed's client to /login. */
export async function expectSignInRequired(
  t: TestApp,
  [method, url, body]: readonly [Method, string, unknown],
) {
  expect((await t.call(method, url, { body })).body).toMatchObject({ code: 403, data: null });
}

/**
 * An own-account call: user, article_editor and admin reach it (an answer in `reached`, never a 403);
 * a share-link client is refused with HTTP 403.
 */
export async function expectAccountCall(
  t: TestApp,
  [method, url, body]: readonly [Method, string, unknown],
  reached: readonly number[] = [200, 404, 422],
) {
  for (const roles of [['user'], ['article_editor'], ['admin']] as const) {
    const u = await signedIn(t, [...roles]);
    const res = await t.call(method, url, { token: u.token, body });
    expect(reached, `${roles}: ${JSON.stringify(res.body)}`).toContain(res.status);
  }
  expect((await t.call(method, url, { token: await clientSession(t), body })).status).toBe(403);
  // The key column: a reports-only key of an account reaches none of its own-account calls.
  const reportsKey = await apiKeyOf(t, ['user'], ['reports:read']);
  expect((await callWithKey(t, reportsKey.key, [method, url, body])).status).toBe(403);
}

/** An admin call: user, article_editor and a share-link client get HTTP 403; the admin is answered. */
export async function expectAdminCall(
  t: TestApp,
  adminToken: string,
  [method, url, body]: readonly [Method, string, unknown],
  reached: readonly number[] = [200, 404, 422],
) {
  for (const roles of [['user'], ['article_editor']] as const) {
    const u = await signedIn(t, [...roles]);
    expect((await t.call(method, url, { token: u.token, body })).status).toBe(403);
  }
  expect((await t.call(method, url, { token: await clientSession(t), body })).status).toBe(403);
  // The key column: an admin's reports-only key, and an admin-scoped key of a user who is no admin.
  const adminsReportsKey = await apiKeyOf(t, ['admin'], ['reports:read']);
  expect((await callWithKey(t, adminsReportsKey.key, [method, url, body])).status).toBe(403);
  const usersAdminKey = await apiKeyOf(t, ['user'], ['admin', 'admin:read'], { grantedAs: ['admin'] });
  expect((await callWithKey(t, usersAdminKey.key, [method, url, body])).status).toBe(403);
  expect(reached).toContain((await t.call(method, url, { token: adminToken, body })).status);
}
