// The job queue and the bots start in the background (issue 25): HTTP comes up without them, a start
// that fails is tried again, and /healthz says where each start is. Fastify gives an `onReady` hook
// 10 s; both starts used to run there, so a slow one (a busy machine) or a failed one ended the start.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type Services } from '../src/app.js';
import { testConfig } from './app.js';
import { freshDatabase } from './database.js';

describe('background starts', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** The app on a fresh database, built but not ready: `prepare` may slow or fail its starts first. */
  async function app(prepare: (services: Services) => void) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tally-test-'));
    const { db, drop } = await freshDatabase();
    const built = await buildApp({ config: testConfig(dataDir), db, jobPollingSeconds: 0.5 });
    cleanups.push(async () => {
      await built.app.close();
      await db.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    prepare(built.services);
    const health = async () => {
      const res = await built.app.inject({ method: 'GET', url: '/healthz' });
      return { http: res.statusCode, ...res.json() };
    };
    return { ...built, health };
  }

  it('serves while a job queue start longer than the 10 s an onReady hook gets is still running', async () => {
    const t = await app((s) => s.jobs.whenStarted(() => sleep(10_500)));
    const began = Date.now();
    await t.app.ready();
    expect(Date.now() - began).toBeLessThan(5000);

    expect(await t.health()).toMatchObject({
      http: 503,
      status: 'degraded',
      checks: { database: true, migrations: true, queue: false },
      jobs: { state: 'starting', attempts: 1 },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/api2/setting/public' });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 200, code: 200 });

    await t.services.jobs.ready();
    await t.services.telegramRuntime.ready();
    expect(await t.health()).toMatchObject({
      http: 200,
      checks: { queue: true, bots: true },
      jobs: { state: 'ready', attempts: 1 },
    });
  }, 30_000);

  it('tries a failed start again, showing the error in /healthz until it succeeds', async () => {
    const t = await app((s) => {
      vi.spyOn(s.jobs.pgBoss, 'createQueue').mockRejectedValueOnce(new Error('database away'));
      vi.spyOn(s.telegramRuntime, 'startAll').mockRejectedValueOnce(new Error('database away'));
    });
    await t.app.ready();

    const seen = new Set<string>();
    const until = Date.now() + 20_000;
    let last: Awaited<ReturnType<typeof t.health>> | undefined;
    while (Date.now() < until) {
      last = await t.health();
      for (const part of ['jobs', 'bots'] as const)
        if (last[part].state === 'retrying') seen.add(`${part} retrying: ${last[part].last_error}`);
      if (last.http === 200) break;
      await sleep(20);
    }
    expect([...seen].sort()).toEqual(['bots retrying: database away', 'jobs retrying: database away']);
    expect(last).toMatchObject({
      http: 200,
      jobs: { state: 'ready', attempts: 2 },
      bots: { state: 'ready', attempts: 2 },
    });
    expect(last?.jobs.last_error).toBeUndefined();
  }, 30_000);
});
