import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHORT_LINK_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { testDatabaseUrl } from '../../../test/database.js';
import { signedIn } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openPostgres } from '../../db/client.js';

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('GET /s/{code}', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  const save = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', SHORT_LINK_PATHS.save, { body, token: admin.token });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data as { id: number; code: string; clicks: number };
  };
  const visit = (code: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'user-agent': BROWSER, ...headers } });
  const switchTo = (id: number, status: 0 | 1) =>
    t.call('POST', SHORT_LINK_PATHS.switch, { body: { id, status }, token: admin.token });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
  });
  afterAll(() => t.close());

  it('answers 302 to the target, never cacheable, with a referrer policy; no session needed', async () => {
    await save({ code: 'go', target: 'https://example.com/landing?x=1' });
    const res = await visit('go');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/landing?x=1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers.expires).toBeUndefined();
  });

  it('switch off: the very next request gets the 404 page, and no redirect before it was cacheable', async () => {
    const link = await save({ code: 'flip', target: 'https://example.com/flip' });
    for (let round = 0; round < 5; round++) {
      const before = await visit('flip');
      expect(before.statusCode).toBe(302);
      expect(before.headers['cache-control']).toBe('no-store');
      await switchTo(link.id, 0);
      const after = await visit('flip');
      expect(after.statusCode).toBe(404);
      expect(after.headers['cache-control']).toBe('no-store');
      await switchTo(link.id, 1);
    }
  });

  it('an edited target, a renamed code and a deleted link take effect on the next request', async () => {
    const link = await save({ code: 'edit-me', target: 'https://example.com/old' });
    expect((await visit('edit-me')).headers.location).toBe('https://example.com/old');
    await save({ id: link.id, code: 'edited', target: 'https://example.com/new' });
    expect((await visit('edit-me')).statusCode).toBe(404);
    expect((await visit('edited')).headers.location).toBe('https://example.com/new');
    await t.call('POST', SHORT_LINK_PATHS.del, { body: { ids: [link.id] }, token: admin.token });
    expect((await visit('edited')).statusCode).toBe(404);
  });

  it('off, expired, used up and unknown codes get a friendly page in the reader language with 404', async () => {
    await save({ code: 'off', target: 'https://example.com/', status: 0 });
    await save({ code: 'old', target: 'https://example.com/', expires_at: '2020-01-01T00:00:00Z' });
    await save({ code: 'twice', target: 'https://example.com/', max_visits: 2 });
    expect((await visit('twice')).statusCode).toBe(302);
    expect((await visit('twice')).statusCode).toBe(302);
    for (const code of ['off', 'old', 'twice', 'never-made', 'bad%20code', 'x'.repeat(65)]) {
      const zh = await visit(code, { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(zh.statusCode, code).toBe(404);
      expect(zh.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(zh.body).toContain('这个短链接无法打开');
      const en = await visit(code, { 'accept-language': 'en-US' });
      expect(en.body).toContain('This short link cannot be opened');
    }
    const cookie = await visit('off', { cookie: 'language=zh', 'accept-language': 'en' });
    expect(cookie.body).toContain('lang="zh-CN"');
  });

  it('counts every click exactly under 1,000 concurrent requests, enriched; bots redirect uncounted', async () => {
    const link = await save({ code: 'busy', target: 'https://example.com/busy' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () =>
        fetch(`http://127.0.0.1:${port}/s/busy`, {
          redirect: 'manual',
          headers: { 'user-agent': BROWSER, referer: 'https://www.baidu.com/s?wd=tally' },
        }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 302)).toHaveLength(1000);
    const bot = await visit('busy', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(bot.statusCode).toBe(302);
    await t.services.shortLinks.clicksSettled();
    const [row] = await t.db.query<{ clicks: string; stored: string }>(
      `select clicks, (select sum(clicks) from short_link_daily where link_id = $1 and dim = 'total') as stored
       from short_links where id = $1`,
      [link.id],
    );
    expect({ clicks: Number(row!.clicks), stored: Number(row!.stored) }).toEqual({
      clicks: 1000,
      stored: 1000,
    });
    const detail = await t.call('GET', `${SHORT_LINK_PATHS.fetch}?id=${link.id}`, { token: admin.token });
    expect(detail.body.data.clicks).toBe(1000);
    expect(detail.body.data.stats.days.at(-1).clicks).toBe(1000);
    expect(detail.body.data.stats.devices).toEqual([{ key: 'mobile', clicks: 1000 }]);
    expect(detail.body.data.stats.referrers).toEqual([{ key: 'baidu.com', clicks: 1000 }]);
    expect(detail.body.data.stats.browsers[0].key).toMatch(/Safari/);
  });
});

describe.skipIf(!testDatabaseUrl())('GET /s/{code} across two app processes on one PostgreSQL', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDb: Awaited<ReturnType<typeof openPostgres>>;
  let secondDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    secondDb = await openPostgres(t.databaseUrl!, 5, () => undefined);
    secondDir = await mkdtemp(path.join(tmpdir(), 'tally-shortlinks-second-'));
    const config = loadConfig({
      DATA_DIR: secondDir,
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(secondDir, 'no-web'),
    });
    second = await buildApp({ config, db: secondDb, jobPollingSeconds: 0.5 });
    await second.app.ready();
    await second.services.jobs.ready();
  });
  afterAll(async () => {
    await second.app.close();
    await secondDb.close();
    await t.close();
    await rm(secondDir, { recursive: true, force: true });
  });

  it('switching off in one process: the very next request to the other gets 404', async () => {
    const admin = await signedIn(t, ['admin']);
    const saved = await t.call('POST', SHORT_LINK_PATHS.save, {
      body: { code: 'shared', target: 'https://example.com/shared' },
      token: admin.token,
    });
    const id = saved.body.data.id;
    const visitSecond = () =>
      second.app.inject({ method: 'GET', url: '/s/shared', headers: { 'user-agent': BROWSER } });
    for (let round = 0; round < 20; round++) {
      const before = await visitSecond();
      expect(before.statusCode, `round ${round}`).toBe(302);
      expect(before.headers['cache-control']).toBe('no-store');
      await t.call('POST', SHORT_LINK_PATHS.switch, { body: { id, status: 0 }, token: admin.token });
      expect((await visitSecond()).statusCode, `round ${round}`).toBe(404);
      await t.call('POST', SHORT_LINK_PATHS.switch, { body: { id, status: 1 }, token: admin.token });
    }
  });
});
