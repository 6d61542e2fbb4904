import { PREVIEW_BASE, REPORT_BASE, SETTINGS_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from './analytics-factories.js';
import { createTestApp, type TestApp } from './app.js';
import { countRows, signedIn } from './factories.js';

/** In a query string: NUL, and what a lone surrogate becomes when a client sends it as %ED%A0%80 or raw. */
const QUERY_POISON = ['%00', 'a%00b'];
/** In a JSON body: NUL, lone surrogates of both halves, a pair cut in two. */
const BODY_POISON = ['a\u0000b', '\ud800', 'x\udc00y', 'title \ud83d'];

describe('text the database cannot store is a field error, not a 500', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof newOwner>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { preview: { days: 1, visitsPerDay: 2 } });
    user = await newOwner(t);
    admin = await signedIn(t, ['admin']);
    siteId = (await newSite(t, user)).id;
  });
  afterAll(() => t.close());

  it('NUL in sites/fetch?keyword, report/visitor?ip and the anonymous preview/visitor?ip', async () => {
    for (const poison of QUERY_POISON) {
      const calls: [string, string | undefined][] = [
        [`/api/v1/api2/sites/fetch?keyword=${poison}`, user.token],
        [`${REPORT_BASE}/visitor?site_id=${siteId}&ip=${poison}`, user.token],
        [`${PREVIEW_BASE}/visitor?ip=${poison}`, undefined],
      ];
      for (const [url, token] of calls) {
        const res = await t.call('GET', url, { token });
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(422);
        expect(Object.keys(res.body.errors ?? {}), url).toEqual([url.includes('keyword') ? 'keyword' : 'ip']);
      }
    }
  });

  it('a lone surrogate or NUL in any plain-text setting changes nothing', async () => {
    const before = await t.call('GET', SETTINGS_PATHS.fetch, { token: admin.token });
    const rows = await countRows(t, ['settings', 'audit_log']);
    const fields = [
      'webtitle',
      'indexNotice',
      'indexNotice2',
      'smtp_host',
      'smtp_user',
      'mail_from',
      'kefu_link',
    ];
    for (const field of fields)
      for (const poison of BODY_POISON) {
        const res = await t.call('POST', SETTINGS_PATHS.save, {
          token: admin.token,
          body: { [field]: poison },
        });
        expect(res.status, `${field} ${JSON.stringify(poison)}: ${JSON.stringify(res.body)}`).toBe(422);
        expect(res.body.errors?.[field], field).toBeDefined();
      }
    expect(await countRows(t, ['settings', 'audit_log'])).toEqual(rows);
    expect((await t.call('GET', SETTINGS_PATHS.fetch, { token: admin.token })).body.data).toEqual(
      before.body.data,
    );
  });
});
