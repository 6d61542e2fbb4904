import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { newOwner, newSite } from './analytics-factories.js';
import type { TestApp } from './app.js';
import { signedIn } from './factories.js';

type Method = InjectOptions['method'];

/** A share-link client's session (seed: it sees its site's overview and logs out, nothing else). */
export async function clientSession(t: TestApp): Promise<string> {
  const site = await newSite(t, await newOwner(t));
  return t.services.sessions.open({ kind: 'client', userId: null, siteId: site.id });
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
  expect(reached).toContain((await t.call(method, url, { token: adminToken, body })).status);
}
