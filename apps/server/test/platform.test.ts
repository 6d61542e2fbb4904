import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';
import { acquireDirLock, DataDirLockedError } from '../src/db/dir-lock.js';
import { MAINTENANCE_JOB } from '../src/modules/maintenance/maintenance.module.js';
import authPlugin from '../src/plugins/auth.js';
import envelopePlugin from '../src/plugins/envelope.js';
import { createTestApp, type TestApp } from './app.js';
import { testDatabaseUrl } from './database.js';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'public' });
  });
  afterAll(() => t.close());

  it('health reports database, migrations and queue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: true, migrations: true, queue: true, bots: true },
      jobs: { state: 'ready', attempts: 1 },
      bots: { state: 'ready', attempts: 1 },
    });
  });

  it('serves OpenAPI with every seed call of this area, wrapped in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { content: Record<string, { schema: { properties: object } }> }> }
        >
      >;
    };
    for (const [method, url] of [
      ['get', '/api/v1/api2/auth/captcha'],
      ['post', '/api/v1/api2/auth/login'],
      ['post', '/api/v1/api2/auth/sendEmailVerify'],
      ['post', '/api/v1/api2/auth/register'],
      ['get', '/api/v1/api2/user/logout'],
      ['post', '/api/v1/api2/user/info'],
      ['post', '/api/v1/api2/user/changePassword'],
    ] as const) {
      const op = doc.paths[url]?.[method];
      expect(op, `${method} ${url}`).toBeDefined();
      expect(Object.keys(op!.responses['200']!.content['application/json']!.schema.properties)).toContain(
        'code',
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('unknown API paths answer 404 in the envelope; pages fall back to the app', async () => {
    const res = await t.call('GET', '/api/v1/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, data: null, error: 'NOT_FOUND' });
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('wraps data that itself has code and data fields, and leaves token errors unwrapped', async () => {
    const bare = Fastify();
    await bare.register(envelopePlugin, { cryptEnabled: async () => false });
    await bare.register(authPlugin, { sessions: t.services.sessions });
    bare.get('/api/v1/api2/shaped', { config: { access: 'public' } }, async () => ({
      code: 'A1',
      data: [1],
    }));
    bare.get('/api/v1/api2/private', { config: { access: 'session' } }, async () => 'x');
    const shaped = (await bare.inject({ method: 'GET', url: '/api/v1/api2/shaped' })).json();
    expect(shaped).toEqual({ code: 200, message: 'ok', data: { code: 'A1', data: [1] } });
    const denied = await bare.inject({ method: 'GET', url: '/api/v1/api2/private' });
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ code: 403, data: null, error: 'UNAUTHENTICATED' });
    await bare.close();
  });

  it('an API route without an access area refuses to register (deny by default)', async () => {
    const bare = Fastify();
    await bare.register(authPlugin, { sessions: t.services.sessions });
    expect(() => bare.get('/api/v1/api2/unguarded', async () => 'x')).toThrow(/declares no access area/);
    expect(() =>
      bare.get('/api/v1/api2/guarded', { config: { access: 'public' } }, async () => 'x'),
    ).not.toThrow();
    await bare.close();
  });

  it('the first admin is created once, from ADMIN_EMAIL/ADMIN_PASSWORD or with a generated password', async () => {
    const first = await t.services.users.ensureFirstAdmin();
    expect(first?.email).toBe('admin@localhost');
    expect(first?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await t.services.users.ensureFirstAdmin()).toBeUndefined();
  });

  // PostgreSQL servers have autovacuum; only the embedded database is vacuumed by the job.
  it.skipIf(testDatabaseUrl())(
    'the hourly maintenance job vacuums and analyses the embedded database',
    async () => {
      const analysed = async () =>
        Number(
          (
            await t.db.query<{ n: number }>(
              "select reltuples as n from pg_class where relname = 'rollup_dirty'",
            )
          )[0]?.n,
        );
      expect(await analysed()).toBe(-1);
      await t.services.jobs.send(MAINTENANCE_JOB, {});
      await expect.poll(analysed, { timeout: 10_000 }).toBe(0);
    },
  );

  it('a second process on the same PGlite directory is refused with a clear message', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tally-lock-'));
    const data = path.join(dir, 'pglite');
    // The lock is taken before PGlite starts, so holding it is enough to stand for a running server.
    const held = acquireDirLock(data);
    try {
      await expect(openPglite({ dataDir: data })).rejects.toThrow(DataDirLockedError);
      await expect(openPglite({ dataDir: data })).rejects.toThrow(/in use by another Tally process/);
    } finally {
      held.release();
    }
    // A lock left by a process that no longer runs (SIGKILL) is taken over.
    await writeFile(path.join(dir, 'pglite.lock'), '2147483646');
    acquireDirLock(data).release();
    await rm(dir, { recursive: true, force: true });
  });

  it('configuration is validated at boot', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    const c = loadConfig({ APP_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/tally-x' });
    expect(c.port).toBe(8080);
    expect(c.captchaEnabled).toBe(true);
    expect(c.sessionTtlMs).toBe(7 * 24 * 3600_000);
  });
});
