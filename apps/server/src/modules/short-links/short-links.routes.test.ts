import { SHORT_LINK_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { countRows, signedIn } from '../../../test/factories.js';

const TABLES = ['short_links', 'short_link_daily', 'audit_log'];

describe('short links in the back office (shot_url)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  const save = (body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) =>
    t.call('POST', SHORT_LINK_PATHS.save, { body, token: opts.token ?? admin.token, headers: opts.headers });
  const fetch = (query = '', token = admin.token) =>
    t.call('GET', `${SHORT_LINK_PATHS.fetch}?${query}`, { token });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
  });
  afterAll(() => t.close());

  it('creates a link with a custom code, answers it in the envelope and writes an audit row', async () => {
    const res = await save({
      code: 'Promo-1',
      target: 'https://example.com/a?b=1',
      title: 'Promo',
      max_visits: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      code: 'Promo-1',
      path: '/s/Promo-1',
      target: 'https://example.com/a?b=1',
      title: 'Promo',
      status: 1,
      max_visits: 5,
      expires_at: null,
      clicks: 0,
      created_by: admin.id,
      created_by_name: admin.username,
    });
    const [audit] = await t.db.query<{ action: string; target: string }>(
      `select action, target from audit_log where action like 'short_links.%' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'short_links.create', target: `short_link:${res.body.data.id}` });
  });

  it('generates a 7-character code when none is given; codes are case-sensitive', async () => {
    const generated = await save({ target: 'http://example.org/' });
    expect(generated.body.data.code).toMatch(/^[A-Za-z0-9]{7}$/);
    const other = await save({ code: 'promo-1', target: 'http://example.org/lower' });
    expect(other.status).toBe(200);
    expect(other.body.data.code).toBe('promo-1');
  });

  it('refuses a code collision on create and on update with a field error, changing nothing', async () => {
    const before = await countRows(t, TABLES);
    const clash = await save({ code: 'Promo-1', target: 'https://example.com/other' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ code: ['already taken'] });
    const mine = await save({ code: 'mine', target: 'https://example.com/mine' });
    const rename = await save({ id: mine.body.data.id, code: 'Promo-1', target: 'https://example.com/mine' });
    expect(rename.status).toBe(422);
    expect(rename.body.errors).toEqual({ code: ['already taken'] });
    const after = await countRows(t, TABLES);
    expect(after.short_links).toBe(before.short_links! + 1);
    expect((await fetch(`id=${mine.body.data.id}`)).body.data.code).toBe('mine');
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['relative', '/admin/setting'],
    ['protocol-relative', '//evil.example/x'],
    ['ftp', 'ftp://example.com/file'],
    ['spaces', 'https://exa mple.com/'],
    ['over-long', `https://example.com/${'a'.repeat(2048)}`],
    ['empty', ''],
  ])('refuses a %s target with 422 and changes nothing', async (_kind, target) => {
    const before = await countRows(t, TABLES);
    const res = await save({ code: `t${Math.random().toString(36).slice(2, 8)}`, target });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['target']);
    expect(await countRows(t, TABLES)).toEqual(before);
  });

  it('answers field errors in the caller language', async () => {
    const zh = await save(
      { code: 'admin', target: 'javascript:x' },
      { headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.status).toBe(422);
    expect(zh.body.errors).toEqual({ code: ['是保留字，不能使用'], target: ['必须是完整的 http(s) 网址'] });
    const en = await save({ code: 'API', target: 'data:,x' }, { headers: { 'accept-language': 'en-US' } });
    expect(en.body.errors).toEqual({
      code: ['is a reserved word'],
      target: ['must be an absolute http(s) address'],
    });
    const chars = await save({ code: 'a/b', target: 'https://example.com/' });
    expect(chars.body.errors).toEqual({ code: ['letters, digits, _ or -'] });
  });

  it('takes the edges of the expiry range without a server error', async () => {
    for (const expires_at of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59+14:00']) {
      const res = await save({ target: 'https://example.com/edge', expires_at });
      expect(res.status, expires_at).toBe(200);
    }
    const bad = await save({ target: 'https://example.com/edge', expires_at: 'tomorrow', max_visits: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['expires_at', 'max_visits']);
  });

  it('pages with keyword, status and sort; one link by id carries its statistics', async () => {
    const off = await save({ code: 'off-one', target: 'https://off.example/', title: 'Closed', status: 0 });
    expect(off.body.data.status).toBe(0);
    const page = await fetch('keyword=promo&sort=id&limit=10');
    expect(page.body.data).toMatchObject({ page: 1, limit: 10, total: 2 });
    expect(page.body.data.list.map((l: { code: string }) => l.code)).toEqual(['Promo-1', 'promo-1']);
    const offOnly = await fetch('status=0');
    expect(offOnly.body.data.list.map((l: { code: string }) => l.code)).toEqual(['off-one']);
    expect((await fetch('sort=bogus')).status).toBe(422);
    const one = await fetch(`id=${off.body.data.id}&days=7`);
    expect(one.body.data).toMatchObject({
      code: 'off-one',
      stats: { areas: [], referrers: [], devices: [] },
    });
    expect(one.body.data.stats.days).toHaveLength(7);
    expect((await fetch('id=999999')).status).toBe(404);
  });

  it('switches and deletes by the seed calls, each with its audit row', async () => {
    const link = await save({ code: 'switchy', target: 'https://example.com/s' });
    const id = link.body.data.id;
    const sw = await t.call('POST', SHORT_LINK_PATHS.switch, { body: { id, status: 0 }, token: admin.token });
    expect(sw.body.data.status).toBe(0);
    const on = await t.call('POST', SHORT_LINK_PATHS.switch, {
      body: { id, status: true },
      token: admin.token,
    });
    expect(on.body.data.status).toBe(1);
    const del = await t.call('POST', SHORT_LINK_PATHS.del, {
      body: { ids: [id, 987654] },
      token: admin.token,
    });
    expect(del.body.data).toEqual({ deleted: [id] });
    const actions = await t.db.query<{ action: string }>(
      `select action from audit_log where target like $1 order by id`,
      [`%${id}%`],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'short_links.create',
      'short_links.status',
      'short_links.status',
      'short_links.delete',
    ]);
    const missing = await t.call('POST', SHORT_LINK_PATHS.switch, {
      body: { id, status: 1 },
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    const bad = await t.call('POST', SHORT_LINK_PATHS.switch, {
      body: { id, status: 2 },
      token: admin.token,
    });
    expect(bad.status).toBe(422);
  });

  it('is for admins only: other roles get 403, no session gets the seed token answer', async () => {
    for (const role of ['user', 'article_editor'] as const) {
      const other = await signedIn(t, [role]);
      for (const [method, path] of [
        ['GET', SHORT_LINK_PATHS.fetch],
        ['POST', SHORT_LINK_PATHS.save],
        ['POST', SHORT_LINK_PATHS.del],
        ['POST', SHORT_LINK_PATHS.switch],
      ] as const) {
        const res = await t.call(method, path, {
          token: other.token,
          body: method === 'POST' ? {} : undefined,
        });
        expect(res.status, `${role} ${path}`).toBe(403);
      }
    }
    const anonymous = await t.call('GET', SHORT_LINK_PATHS.fetch);
    expect([200, 401, 403]).toContain(anonymous.status);
    expect(anonymous.body.code).not.toBe(200);
  });
});
