import { ADMIN_USER_PATHS, ARTICLES_PATHS, FILES_PATHS, SETTINGS_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { countRows, signedIn } from './factories.js';

const TABLES = [
  'settings',
  'files',
  'articles',
  'article_categories',
  'audit_log',
  'mail_outbox',
  'users',
  'sessions',
  'ledger_entries',
];

const BIG = 'a'.repeat(600_000);
const WEIRD: unknown[] = [
  null,
  12,
  -1,
  1.5,
  true,
  [],
  {},
  { $gt: '' },
  BIG,
  '\u0000x',
  "' or '1'='1",
  ['x', 1],
];

/**
 * Each endpoint with its fields and one value that is always wrong: every weird value is sent in
 * each field next to that anchor, so the request must be refused as a whole and write nothing.
 */
const POSTS: { url: string; fields: string[]; anchor: Record<string, unknown> }[] = [
  {
    url: SETTINGS_PATHS.save,
    fields: [
      'webtitle',
      'weburl',
      'email',
      'kefu_link',
      'webclose',
      'indexNotice',
      'ads',
      'tjDomains',
      'smtp_port',
      'smtp_pass',
      'registration_open',
    ],
    anchor: { webclose: 5 },
  },
  { url: SETTINGS_PATHS.testMail, fields: ['to'], anchor: { to: 'not-mail' } },
  { url: FILES_PATHS.del, fields: ['ids', 'confirm'], anchor: { ids: [] } },
  {
    url: ARTICLES_PATHS.save,
    fields: ['id', 'title', 'summary', 'cover', 'content', 'status', 'pinned', 'category_id', 'publish_at'],
    anchor: { title: '' },
  },
  { url: ARTICLES_PATHS.del, fields: ['ids'], anchor: { ids: 'all' } },
  { url: ARTICLES_PATHS.switch, fields: ['id', 'status'], anchor: { status: 'gone' } },
  { url: ARTICLES_PATHS.pin, fields: ['id', 'pinned'], anchor: { pinned: 'yes' } },
  { url: ARTICLES_PATHS.categorySave, fields: ['id', 'name', 'sort'], anchor: { name: '' } },
  { url: ARTICLES_PATHS.categoryDel, fields: ['ids'], anchor: { ids: [0] } },
  {
    url: ADMIN_USER_PATHS.save,
    fields: ['id', 'username', 'email', 'roles', 'password'],
    anchor: { roles: [] },
  },
  { url: ADMIN_USER_PATHS.switch, fields: ['id', 'status'], anchor: { status: 'gone' } },
  { url: ADMIN_USER_PATHS.resetPassword, fields: ['id'], anchor: { id: 0 } },
  { url: ADMIN_USER_PATHS.revokeSession, fields: ['id', 'session_id'], anchor: { session_id: 0 } },
  {
    url: ADMIN_USER_PATHS.adjustBalance,
    fields: ['id', 'account', 'amount', 'reason', 'request_id'],
    anchor: { amount: 5 },
  },
];

const GETS = [
  SETTINGS_PATHS.fetch,
  FILES_PATHS.fetch,
  FILES_PATHS.images,
  ARTICLES_PATHS.fetch,
  ARTICLES_PATHS.detail,
  ARTICLES_PATHS.categoryFetch,
  ARTICLES_PATHS.publicFetch,
  ADMIN_USER_PATHS.fetch,
  ADMIN_USER_PATHS.detail,
  ADMIN_USER_PATHS.ledger,
  ADMIN_USER_PATHS.export,
];
const QUERIES = [
  'page=0',
  'page=abc',
  'limit=100000',
  'sort=;drop table articles',
  `keyword=${'k'.repeat(65)}`,
  'category_id=-1',
  'kind=exe',
  'status=secret',
  'pinned=maybe',
  'id=1e3',
  'id=-5',
  'id=%00',
];

describe('back-office endpoints: bad input never crashes and never writes', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedIn(t, ['admin'])).token;
  });
  afterAll(() => t.close());

  const counts = () => countRows(t, TABLES);

  it.each(POSTS)('POST $url', async ({ url, fields, anchor }) => {
    const before = await counts();
    const json = { 'content-type': 'application/json' };
    // A `__proto__` key has to travel as raw JSON: in an object literal it sets the prototype instead.
    const requests: { body: unknown; headers?: Record<string, string> }[] = [
      { body: null },
      { body: [] },
      { body: 'text' },
      { body: 42 },
      { body: `{"__proto__":{"admin":true},${JSON.stringify(anchor).slice(1)}`, headers: json },
    ];
    for (const field of fields)
      for (const value of WEIRD) requests.push({ body: { [field]: value, ...anchor } });
    for (const { body, headers } of requests) {
      const res = await t.call('POST', url, { token, body, headers });
      const label = (typeof body === 'string' ? body : JSON.stringify(body))?.slice(0, 100);
      // Refused as input (malformed, too large, wrong type, invalid), never as a missing route or role.
      expect([400, 413, 415, 422], label).toContain(res.status);
      expect(res.body.data, label).toBeNull();
    }
    expect(await counts()).toEqual(before);
  });

  it.each(GETS)('GET %s with odd queries', async (url) => {
    const before = await counts();
    for (const query of QUERIES) {
      const res = await t.call('GET', `${url}?${query}`, { token });
      expect(res.status, query).toBeLessThan(500);
    }
    expect(await counts()).toEqual(before);
  });
});
