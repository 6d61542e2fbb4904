import { describe, expect, it } from 'vitest';
import type { SiteRow } from '../../db/schema/index.js';
import { SiteCache } from './site-cache.js';

const site = (id: number) => ({ id, trackingKey: `key${id}` }) as SiteRow;

/** A load the test finishes by hand, counting the calls. */
function manualLoad() {
  const calls: { key: string; resolve: (row: SiteRow | undefined) => void }[] = [];
  const load = (key: string) =>
    new Promise<SiteRow | undefined>((resolve) => {
      calls.push({ key, resolve });
    });
  return { calls, load };
}

describe('SiteCache', () => {
  it('sends one load for hits that find the same key missing or expired at once', async () => {
    const { calls, load } = manualLoad();
    const cache = new SiteCache(load, 1_000);
    const waiting = Array.from({ length: 50 }, () => cache.get('key1'));
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(site(1));
    expect((await Promise.all(waiting)).every((row) => row?.id === 1)).toBe(true);
    // Cached now: no load.
    expect((await cache.get('key1'))?.id).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('loads again once an entry expired', async () => {
    let loads = 0;
    const cache = new SiteCache(async () => {
      loads++;
      return site(1);
    }, 0);
    await cache.get('key1');
    await new Promise((r) => setTimeout(r, 2));
    await cache.get('key1');
    expect(loads).toBe(2);
  });

  it('does not keep what a load read when the site was edited meanwhile', async () => {
    const { calls, load } = manualLoad();
    const cache = new SiteCache(load, 60_000);
    const before = cache.get('key1');
    cache.evictSite(1);
    // A hit after the edit does not wait for the load that began before it.
    const after = cache.get('key1');
    expect(calls).toHaveLength(2);
    calls[0]!.resolve(site(1));
    await before;
    calls[1]!.resolve(undefined);
    expect(await after).toBeUndefined();
    // The later load's answer is the one kept.
    expect(await cache.get('key1')).toBeUndefined();
    expect(calls).toHaveLength(2);
  });
});
