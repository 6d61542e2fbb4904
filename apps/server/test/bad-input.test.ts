import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { countRows, login, newUser } from './factories.js';

const TABLES = [
  'users',
  'sessions',
  'settings',
  'captchas',
  'email_codes',
  'mail_outbox',
  'audit_log',
  'rate_limits',
];

const ENDPOINTS: [string, string, boolean][] = [
  ['POST', '/api/v1/api2/auth/login', false],
  ['POST', '/api/v1/api2/auth/register', false],
  ['POST', '/api/v1/api2/auth/sendEmailVerify', false],
  ['POST', '/api/v1/api2/auth/resetPassword', false],
  ['POST', '/api/v1/api2/user/info', true],
  ['POST', '/api/v1/api2/user/changePassword', true],
  ['GET', '/api/v1/api2/auth/captcha', false],
];

const MB = 'a'.repeat(1024 * 1024);
const ODD = ['\u0000', '\ud800', '\u202e\u0041', '👩‍👩‍👧‍👦', 'Z\u0351\u0352\u0353', '\uFEFF', '١٢٣٤٥٦'];
const SQLISH = ["' or '1'='1", "admin'--", '1; drop table users; --', '$1', '\\x00'];

/** Bodies that are valid JSON but wrong in type, size or content. */
function badBodies(): unknown[] {
  const fields = [
    'username',
    'email',
    'password',
    'email_code',
    'invite_code',
    'captcha',
    'captcha_id',
    'purpose',
    'old_password',
    'new_password',
    'roles',
  ];
  const out: unknown[] = [
    null,
    [],
    'text',
    42,
    true,
    {},
    { __proto__: { admin: true } },
    { constructor: { prototype: {} } },
  ];
  for (const f of fields) {
    for (const v of [null, 12, true, [], {}, { $gt: '' }, MB.slice(0, 100_000), ...ODD, ...SQLISH])
      out.push({ [f]: v });
  }
  out.push(Object.fromEntries(fields.map((f) => [f, MB.slice(0, 300_000)])));
  return out;
}

describe('bad input never crashes a handler and never writes', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_ENABLED: 'false' });
    const u = await newUser(t);
    token = await login(t, u.username, u.password);
  });
  afterAll(() => t.close());

  async function counts(): Promise<Record<string, number>> {
    const out = await countRows(t, TABLES);
    const [u] = await t.db.query<{ h: string }>(
      `select md5(string_agg(password_hash || status || roles::text, ',' order by id)) as h from users`,
    );
    out.users_digest = u!.h as unknown as number;
    return out;
  }

  it.each(ENDPOINTS)(
    '%s %s: wrong types, missing fields, 1 MB strings, odd Unicode, SQL-looking text',
    async (method, url, needsToken) => {
      const before = await counts();
      const statuses = new Set<number>();
      for (const body of badBodies()) {
        const res = await t.call(method as 'POST', url, {
          body: method === 'GET' ? undefined : body,
          token: needsToken ? token : undefined,
        });
        expect(res.status, JSON.stringify(body).slice(0, 120)).toBeLessThan(500);
        if (res.status >= 400) expect(res.body.data).toBeNull();
        statuses.add(res.status);
      }
      if (method === 'POST' && url !== '/api/v1/api2/user/info') {
        expect([...statuses].every((s) => s >= 400 && s < 500)).toBe(true);
      }
      const after = await counts();
      if (url.endsWith('/captcha')) after.captchas = before.captchas!;
      if (url.endsWith('/captcha')) after.rate_limits = before.rate_limits!;
      expect(after).toEqual(before);
    },
  );

  it.each(ENDPOINTS.filter(([m]) => m === 'POST'))(
    '%s %s: malformed JSON, wrong content type, over-size body',
    async (_m, url, needsToken) => {
      const before = await counts();
      const tok = needsToken ? token : undefined;
      const json = { 'content-type': 'application/json' };
      const malformed = await t.call('POST', url, { body: '{"username": "a",', headers: json, token: tok });
      expect(malformed.status).toBe(400);
      const wrongType = await t.call('POST', url, {
        body: 'username=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        token: tok,
      });
      expect(wrongType.status).toBe(415);
      const huge = await t.call('POST', url, {
        body: JSON.stringify({ username: MB, password: MB }),
        headers: json,
        token: tok,
      });
      expect(huge.status).toBe(413);
      expect(await counts()).toEqual(before);
    },
  );
});
