import { ERROR, REPORT_BASE, REPORT_PATHS, type ReportName } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';

/** Every report that reads one site (all others: /all). */
const SITE_REPORTS = (Object.keys(REPORT_PATHS) as ReportName[]).filter((n) => n !== 'all');
const url = (name: ReportName, query = '') => `${REPORT_BASE}${REPORT_PATHS[name]}?id=1${query}`;

describe('reports: who reads which site', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof newOwner>>;
  let bob: Awaited<ReturnType<typeof newOwner>>;
  let admin: Awaited<ReturnType<typeof newOwner>>;
  let aliceSite: number;
  let bobSite: number;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await newOwner(t);
    bob = await newOwner(t);
    admin = await newOwner(t, ['admin']);
    aliceSite = (await newSite(t, alice, { name: 'Alice' })).id;
    bobSite = (await newSite(t, bob, { name: 'Bob' })).id;
  });
  afterAll(() => t.close());

  it.each(SITE_REPORTS)(
    '%s without a selected site is HTTP 501 (the browser goes to /sites/select)',
    async (name) => {
      const res = await t.call('GET', url(name), { token: alice.token });
      expect(res.status).toBe(501);
      expect(res.body).toMatchObject({ code: 501, error: ERROR.SITE_NOT_SELECTED, data: null });
    },
  );

  it.each(SITE_REPORTS)("%s of another user's site is refused like a missing one", async (name) => {
    const res = await t.call('GET', url(name, `&site_id=${bobSite}`), { token: alice.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });

  it.each(SITE_REPORTS.filter((n) => n !== 'visitorPages'))(
    '%s: the owner and an admin read the site',
    async (name) => {
      for (const token of [bob.token, admin.token]) {
        const res = await t.call('GET', url(name, `&site_id=${bobSite}`), { token });
        expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    },
  );

  it('all sites: a user sees only their own, an admin every site', async () => {
    const mine = await t.call('GET', `${REPORT_BASE}/all`, { token: alice.token });
    expect(mine.body.data.list.map((r: { site: { id: number } }) => r.site.id)).toEqual([aliceSite]);
    const every = await t.call('GET', `${REPORT_BASE}/all?sort=name`, { token: admin.token });
    expect(every.body.data.list.map((r: { site: { id: number } }) => r.site.id)).toEqual([
      aliceSite,
      bobSite,
    ]);
  });

  it('no session: code 403 in an HTTP 200 body (the seed clears the token)', async () => {
    const res = await t.call('GET', url('overview', `&site_id=${aliceSite}`));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 403, data: null });
  });

  it('bad input is 422 with field errors', async () => {
    const bad = async (query: string, field: string) => {
      const res = await t.call('GET', url('trend', `&site_id=${aliceSite}${query}`), { token: alice.token });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    };
    await bad('&range=custom&to=2026-01-01', 'from');
    await bad('&range=custom&from=2026-02-01&to=2026-01-01', 'to');
    await bad('&range=fortnight', 'range');
    await bad('&granularity=minute', 'granularity');
    await bad('&range=custom&from=2026-01-01&to=2026-03-01&granularity=hour', 'granularity');
    await bad('&site_id=abc', 'site_id');
    await bad('&compare=perhaps', 'compare');
    const sort = await t.call('GET', url('referCategory', `&site_id=${aliceSite}&sort=password`), {
      token: alice.token,
    });
    expect(sort.status).toBe(422);
  });

  describe('share-link client', () => {
    let client: string;
    const share = (action: string) =>
      t.call('POST', '/api/v1/api2/sites/share', { token: alice.token, body: { id: aliceSite, action } });

    beforeAll(async () => {
      const link = await share('enable');
      const login = await t.call('POST', '/api/v1/api2/auth/share', {
        body: { token: link.body.data.token },
      });
      client = login.body.data.x_token;
    });

    it('reads its own site overview, with or without naming it', async () => {
      for (const query of ['', `&site_id=${aliceSite}`]) {
        const res = await t.call('GET', url('overview', query), { token: client });
        expect(res.status).toBe(200);
        expect(res.body.data.site).toMatchObject({ id: aliceSite, name: 'Alice' });
      }
      expect((await t.call('GET', url('online'), { token: client })).status).toBe(200);
    });

    it('reads nothing else: no other site, no other report', async () => {
      const other = await t.call('GET', url('overview', `&site_id=${bobSite}`), { token: client });
      expect(other.status).toBe(404);
      for (const name of [
        'all',
        ...SITE_REPORTS.filter((n) => n !== 'overview' && n !== 'online'),
      ] as ReportName[]) {
        const res = await t.call('GET', url(name), { token: client });
        expect(res.status, name).toBe(403);
      }
    });

    it('a revoked link ends the session at its next call (code 403 → /login)', async () => {
      await share('revoke');
      const res = await t.call('GET', url('overview'), { token: client });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 403, data: null });
    });
  });
});
