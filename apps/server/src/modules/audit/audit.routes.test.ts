import { AUDIT_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { auditLog } from '../../db/schema/index.js';

describe('audit log list (admin)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let editor: Awaited<ReturnType<typeof signedIn>>;
  const fetch = (query: string, token = admin.token) =>
    t.call('GET', `${AUDIT_PATHS.fetch}?${query}`, { token });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
    editor = await signedIn(t, ['article_editor']);
    await t.db.orm.insert(auditLog).values([
      {
        actorId: admin.id,
        action: 'settings.update',
        target: 'settings:webtitle',
        ip: '10.0.0.1',
        before: { webtitle: 'A' },
        after: { webtitle: 'B' },
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      {
        actorId: editor.id,
        action: 'articles.create',
        target: 'article:7',
        ip: '10.0.0.2',
        after: { title: 'Hi' },
        createdAt: new Date('2026-03-02T23:59:59Z'),
      },
      {
        actorId: null,
        action: 'files.delete',
        target: 'files:3',
        createdAt: new Date('2026-03-03T00:00:00Z'),
      },
    ]);
  });
  afterAll(() => t.close());

  it('pages newest first with who, what, when, from where, before and after', async () => {
    const res = await fetch('limit=2');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(res.body.data.list.map((r: { action: string }) => r.action)).toEqual([
      'files.delete',
      'articles.create',
    ]);
    expect(res.body.data.list[1]).toEqual({
      id: expect.any(Number),
      actor_id: editor.id,
      actor_name: editor.username,
      action: 'articles.create',
      target: 'article:7',
      ip: '10.0.0.2',
      before: null,
      after: { title: 'Hi' },
      created_at: '2026-03-02T23:59:59.000Z',
    });
    expect(res.body.data.list[0]).toMatchObject({ actor_id: null, actor_name: '', ip: '' });
    const second = await fetch('limit=2&page=2&sort=created_at');
    expect(second.body.data.list.map((r: { action: string }) => r.action)).toEqual(['files.delete']);
  });

  it('filters by actor (id, or part of the name or email), action and days (both included)', async () => {
    const actions = async (q: string) =>
      (await fetch(q)).body.data.list.map((r: { action: string }) => r.action).sort();
    expect(await actions(`actor=${admin.id}`)).toEqual(['settings.update']);
    expect(await actions(`actor=${editor.username.slice(0, 8).toUpperCase()}`)).toEqual(['articles.create']);
    expect(await actions('actor=example.test')).toEqual(['articles.create', 'settings.update']);
    expect(await actions('action=files.delete')).toEqual(['files.delete']);
    expect(await actions('from=2026-03-02&to=2026-03-02&tz=UTC')).toEqual(['articles.create']);
    expect(await actions('from=2026-03-03&tz=UTC')).toEqual(['files.delete']);
    expect(await actions('actor=100%25')).toEqual([]);
  });

  it('answers bad queries with 422 field errors and changes nothing', async () => {
    for (const q of [
      'sort=ip',
      'from=2026-02-30',
      'to=yesterday',
      'from=2026-03-03&to=2026-03-01',
      'limit=0',
      'page=x',
      'action=settings.nope',
      'from=2026-03-01&tz=Mars/Olympus',
    ]) {
      const res = await fetch(q);
      expect(res.status, q).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).length, q).toBeGreaterThan(0);
    }
    expect((await fetch('')).body.data.total).toBe(3);
  });

  it('is for admins only', async () => {
    expect((await fetch('', editor.token)).status).toBe(403);
    const anonymous = await t.call('GET', AUDIT_PATHS.fetch);
    expect(anonymous.body.code).toBe(403);
    expect(anonymous.body.data).toBeNull();
  });
});

/**
 * The day filter counts the viewer's days (docs/product.md, "Times and time zones"): `from`..`to` are
 * days on the `tz` clock the web sends (the browser's zone), not UTC days.
 */
describe('audit log day filter in the viewer’s zone', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  const ids = async (query: string) =>
    (await t.call('GET', `${AUDIT_PATHS.fetch}?${query}`, { token: admin.token })).body.data.list
      .map((r: { target: string }) => r.target)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
    await t.db.orm.insert(auditLog).values([
      // 23:30 on 1 March in New York (UTC-5): already 2 March in UTC.
      {
        actorId: admin.id,
        action: 'settings.update',
        target: 'ny-late',
        createdAt: new Date('2026-03-02T04:30:00Z'),
      },
      // 00:30 on 2 March in Shanghai (UTC+8): still 1 March in UTC.
      {
        actorId: admin.id,
        action: 'settings.update',
        target: 'sh-early',
        createdAt: new Date('2026-03-01T16:30:00Z'),
      },
    ]);
  });
  afterAll(() => t.close());

  it('includes a row at 23:30 local time in that local day, and not in the next', async () => {
    // Both rows are on 1 March in New York (sh-early at 11:30 there).
    expect(await ids('from=2026-03-01&to=2026-03-01&tz=America/New_York')).toEqual(['ny-late', 'sh-early']);
    expect(await ids('from=2026-03-02&to=2026-03-02&tz=America/New_York')).toEqual([]);
    // The same row by UTC days: the next day, as the old rule had it.
    expect(await ids('from=2026-03-02&to=2026-03-02&tz=UTC')).toEqual(['ny-late']);
  });

  it('starts a day at local midnight: 00:30 local is the new day, whatever the UTC date', async () => {
    expect(await ids('from=2026-03-02&tz=Asia/Shanghai')).toEqual(['ny-late', 'sh-early']);
    expect(await ids('to=2026-03-01&tz=Asia/Shanghai')).toEqual([]);
    expect(await ids('from=2026-03-01&to=2026-03-01&tz=UTC')).toEqual(['sh-early']);
  });

  it('the export takes the same days as the list', async () => {
    const csv = async (query: string) =>
      (
        await t.call('GET', `${AUDIT_PATHS.export}?${query}&lang=en-US`, {
          token: admin.token,
        })
      ).body.message as string;
    const ny = await csv('from=2026-03-01&to=2026-03-01&tz=America/New_York');
    // Written on the same clock: 23:30 of the day asked for.
    expect(ny).toMatch(/2026-03-01 23:30:00,[^\r]*ny-late/);
    const utc = await csv('from=2026-03-01&to=2026-03-01&tz=UTC');
    expect(utc).toContain('sh-early');
    expect(utc).not.toContain('ny-late');
  });
});
