import * as contracts from '@tally/contracts';
import {
  ACCESS,
  API_KEY_REFUSED_CALLS,
  API_KEY_SCOPE_NAMES,
  API_KEY_SCOPES,
  type Endpoint,
  hasAnyRole,
  isEndpoint,
} from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from './analytics-factories.js';
import { createTestApp, type TestApp } from './app.js';
import { apiKeyOf, callWithKey } from './role-matrix.js';

/** Every declared call but the public ones (those take no key at all). */
const calls: Endpoint[] = Object.entries(contracts)
  .filter(([name]) => name.endsWith('_API'))
  .flatMap(([, api]) => Object.values(api as Record<string, unknown>).filter(isEndpoint))
  .filter((e) => e.access !== 'public');

const REPORT_AREAS: readonly string[] = API_KEY_SCOPES['reports:read'].areas;

/** Refused by the access check: HTTP 403 (an unknown key would be 401, a missing one 200 with code 403). */
const refused = (res: { status: number }) => res.status === 403;

/**
 * The role × endpoint matrix's key column, walked over every declared call: a key reaches a call only
 * when its owner's roles do (ACCESS) and its scopes do too. Calls a key may reach are only sent when
 * they read (GET), so the walk changes nothing.
 */
describe('API keys against every declared call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists only declared calls as refused to keys', () => {
    const ids = calls.map((e) => e.id);
    expect(API_KEY_REFUSED_CALLS.filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('a read-only reports key of an admin reads reports and gets 403 on every write and admin call', async () => {
    const { key } = await apiKeyOf(t, ['admin'], ['reports:read']);
    const wrong: string[] = [];
    let reads = 0;
    for (const call of calls) {
      // What a reports-only key reaches: the report areas' reads, and user/info (who am I).
      const reaches =
        (call.method === 'GET' && REPORT_AREAS.includes(call.access)) || call.id === 'account.info';
      const res = await callWithKey(t, key, [call.method, call.path, call.method === 'GET' ? undefined : {}]);
      if (reaches) reads += 1;
      if (reaches === refused(res))
        wrong.push(`${call.id}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(reads).toBeGreaterThan(15);
  });

  it("reads a report of its owner's site, and no token is handed out", async () => {
    const owner = await newOwner(t);
    const site = await newSite(t, owner);
    const created = await t.services.apiKeys.create(
      { userId: owner.id, roles: ['user'] },
      { name: 'reports', scopes: ['reports:read'], expires_at: null, allowed_ips: [] },
      { userId: owner.id, ip: '127.0.0.1' },
    );
    const res = await callWithKey(t, created.key, [
      'GET',
      `/api/v1/api2/report/overview?site_id=${site.id}`,
      undefined,
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.x_token).toBeUndefined();
  });

  it('never reaches more than its owner: a user’s key with every scope gets nothing of admins', async () => {
    // Made while the owner was an admin (or forged in the table): the owner's roles today decide.
    const { key } = await apiKeyOf(t, ['user'], [...API_KEY_SCOPE_NAMES], { grantedAs: ['admin'] });
    const wrong: string[] = [];
    for (const call of calls) {
      const ownerMay = hasAnyRole(['user'], ACCESS[call.access as keyof typeof ACCESS]);
      if (ownerMay) continue;
      const res = await callWithKey(t, key, [call.method, call.path, call.method === 'GET' ? undefined : {}]);
      if (!refused(res)) wrong.push(`${call.id} answered ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses account management to a key whatever its scopes', async () => {
    const { key } = await apiKeyOf(t, ['admin'], [...API_KEY_SCOPE_NAMES]);
    for (const call of calls.filter((e) => e.tag === 'api-keys' || API_KEY_REFUSED_CALLS.includes(e.id))) {
      const body = call.method === 'GET' ? undefined : {};
      expect((await callWithKey(t, key, [call.method, call.path, body])).status, call.id).toBe(403);
    }
  });
});
