import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { tronAddressFromBytes } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { cycleUntil, peakPerSecond } from '../../../test/chain-watch.js';
import { testDatabaseUrl } from '../../../test/database.js';
import { FakeTronGrid } from './fake-trongrid.js';

/** The key's rate in these tests, and addresses enough for a cycle to last longer than a second. */
const RATE = 20;
const ADDRESSES = 20;
const RUN_MS = 6_000;

/** The key's rate in the settings, and the addresses, each with one transfer on the fake chain. */
async function seed(t: TestApp, chain: FakeTronGrid) {
  await t.services.settings.update({ trongrid_base_url: chain.url, trongrid_rate: RATE });
  const addresses = Array.from({ length: ADDRESSES }, () => tronAddressFromBytes(randomBytes(20)));
  await t.db.query('insert into usdt_addresses (address, label) select unnest($1::text[]), $2', [
    addresses,
    'rate',
  ]);
  for (const to of addresses) chain.inject({ to, value: 1_000_000n });
}

/**
 * Watchers that each keep their own rate limiter (as two processes do) reading at the same time must
 * together stay within the key's rate: one cycle holds the chain at a time (in one process the other
 * waits its turn; in another process it skips).
 */
async function withChain(run: (t: TestApp, chain: FakeTronGrid) => Promise<void>) {
  const chain = new FakeTronGrid({ defaultLimit: 200 });
  await chain.start();
  const t = await createTestApp();
  try {
    await seed(t, chain);
    await run(t, chain);
  } finally {
    await t.close();
    await chain.stop();
  }
}

describe('the TronGrid rate holds across watchers: one cycle reads the chain at a time', () => {
  it('two watchers of one process, each with its own limiter, take turns and stay within the rate together', async () => {
    await withChain(async (t, chain) => {
      const started = Date.now();
      const deadline = started + RUN_MS;
      const [a, b] = await Promise.all([
        cycleUntil(t.services.chainWatcher.with({}), deadline),
        cycleUntil(t.services.chainWatcher.with({}), deadline),
      ]);
      const peak = peakPerSecond(chain.log);
      console.log(`one process: ${chain.log.length} requests in ${Date.now() - started} ms, peak ${peak}/s`);
      expect(peak).toBeLessThanOrEqual(RATE + 1);
      // In one process they take turns: both read, one after the other.
      expect(a.ran).toBeGreaterThanOrEqual(1);
      expect(b.ran).toBeGreaterThanOrEqual(1);
    });
  });
});

describe.skipIf(!testDatabaseUrl())('the TronGrid rate holds across processes (PostgreSQL)', () => {
  let t: TestApp;
  let chain: FakeTronGrid;
  beforeAll(async () => {
    // Not withChain: the other process needs the database to stay up until it ends.
    chain = new FakeTronGrid({ defaultLimit: 200 });
    await chain.start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });

  it('a watcher in another process and one here stay within the rate together; both take turns', async () => {
    await seed(t, chain);
    const deadline = Date.now() + RUN_MS + 2_000; // the child needs a moment to start
    const script = path.resolve(import.meta.dirname, '../../../test/chain-watch-process.ts');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, t.databaseUrl as string, String(deadline)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    const ready = new Promise<void>((resolve) =>
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('ready')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await ready;
    const here = await cycleUntil(t.services.chainWatcher, deadline);
    expect(await exited).toBe(0);
    const [, ran, skipped] = /ran (\d+) skipped (\d+)/.exec(out) ?? [];
    console.log(`two processes: here ${JSON.stringify(here)}, there ran ${ran} skipped ${skipped}`);
    const peak = peakPerSecond(chain.log);
    console.log(`two processes: ${chain.log.length} requests, peak ${peak}/s`);
    expect(peak).toBeLessThanOrEqual(RATE + 1);
    expect(Number(skipped) + here.skipped).toBeGreaterThan(0);
    expect(Number(ran) + here.ran).toBeGreaterThanOrEqual(2);
  }, 30_000);
});
