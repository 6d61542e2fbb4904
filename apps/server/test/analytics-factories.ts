import { REPORT_BASE, type SiteSaveBody, siteSaveBodySchema } from '@tally/contracts';
import { expect } from 'vitest';
import type { AuthContext } from '../src/modules/sessions/sessions.service.js';
import type { TestApp } from './app.js';
import { signedIn } from './factories.js';

export const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A signed-in user with a token, for calls over HTTP and for services called directly. */
export async function newOwner(t: TestApp, roles: ('user' | 'admin')[] = ['user']) {
  const user = await signedIn(t, roles);
  const auth: AuthContext = {
    sessionId: 0,
    kind: 'user',
    userId: user.id,
    siteId: null,
    roles,
    name: user.username,
    token: user.token,
  };
  return { ...user, auth };
}

export async function newSite(t: TestApp, owner: { auth: AuthContext }, body: Partial<SiteSaveBody> = {}) {
  return t.services.sites.save(
    owner.auth,
    siteSaveBodySchema.parse({ name: 'Example', domains: ['example.com'], ...body }),
  );
}

/** Posts one tracker hit the way sendBeacon does (text/plain), from `ip` through the trusted proxy. */
export function hit(
  t: TestApp,
  body: unknown,
  opts: { ip?: string; ua?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/collect',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': opts.ua ?? CHROME_WIN,
      'x-forwarded-for': opts.ip ?? '120.24.78.68',
      ...opts.headers,
    },
    remoteAddress: '127.0.0.1',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Today's visit log of a site, oldest visit first, as its owner reads it over the API. */
export async function todaysVisitLog(t: TestApp, token: string, siteId: number) {
  const res = await t.call('GET', `${REPORT_BASE}/visitor?site_id=${siteId}&range=today&sort=started_at`, {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list as Record<string, unknown>[];
}

/** A report call's data (`path` under REPORT_BASE), as `token`'s holder reads it; anything but 200 fails. */
export async function reportData(
  t: TestApp,
  token: string,
  path: string,
  query: Record<string, string | number>,
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.call('GET', `${REPORT_BASE}${path}?${qs}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
