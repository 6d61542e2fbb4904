import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QUEUE_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { buildApp, type Services } from '../../app.js';
import { openPostgres } from '../../db/client.js';

const QUEUE = 'test.tally';

/** Which process ran each job: 'a' (the one the admin calls) or 'b' (a second app on the same database). */
const ranBy: string[] = [];

const defineTally = (tag: string) => (services: Services) =>
  services.jobs.define({
    name: QUEUE,
    retryLimit: 0,
    handler: async () => {
      ranBy.push(tag);
      await new Promise((r) => setTimeout(r, 50));
    },
  });

/** A second app process on the test's PostgreSQL database, with its own workers. */
async function secondProcess(databaseUrl: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tally-b-'));
  const config = testConfig(dataDir);
  const db = await openPostgres(databaseUrl, 3, () => undefined);
  const { app, services } = await buildApp({ config, db, jobPollingSeconds: 0.5 });
  defineTally('b')(services);
  await app.ready();
  await services.jobs.ready();
  return {
    async close() {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pausing a queue', () => {
  let t: TestApp;
  let b: Awaited<ReturnType<typeof secondProcess>> | undefined;
  let token: string;
  const pause = (paused: boolean) =>
    t.call('POST', QUEUE_PATHS.pause, { body: { queue: QUEUE, paused }, token });
  const counts = async () =>
    (await t.call('GET', QUEUE_PATHS.queues, { token })).body.data.list.find(
      (q: { name: string }) => q.name === QUEUE,
    );

  beforeAll(async () => {
    t = await createTestApp({}, { beforeReady: defineTally('a') });
    // Two processes need a database server; PGlite is one process's own.
    if (t.databaseUrl) b = await secondProcess(t.databaseUrl);
    token = (await signedIn(t, ['admin'])).token;
  });
  afterAll(async () => {
    await b?.close();
    await t.close();
  });

  it(`takes no job on any process until resumed (${process.env.TEST_DATABASE_URL ? 'two processes' : 'PGlite, one process'})`, async () => {
    expect((await pause(true)).body.data).toEqual({ queue: QUEUE, paused: true });
    // The other process reads the flag within a second.
    await sleep(1500);
    for (let n = 0; n < 8; n++) await t.services.jobs.send(QUEUE, { n });
    // Both processes' workers poll every 0.5 s: they would have taken all 8 by now.
    await sleep(3000);
    expect(ranBy).toEqual([]);
    expect((await counts()).counts).toMatchObject({ created: 8, active: 0, completed: 0 });
    expect((await counts()).paused).toBe(true);

    expect((await pause(false)).body.data).toEqual({ queue: QUEUE, paused: false });
    const end = Date.now() + 10_000;
    while (ranBy.length < 8 && Date.now() < end) await sleep(100);
    expect(ranBy).toHaveLength(8);
    // pg-boss marks a job completed after its handler returns: the last one may still be settling.
    let after = await counts();
    while (after.counts.completed < 8 && Date.now() < end) {
      await sleep(100);
      after = await counts();
    }
    expect(after.counts).toMatchObject({ created: 0, completed: 8 });
  });
});
