import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { count } from '../../../test/factories.js';
import { ROLLUPS_JOB } from './rollups.module.js';

const DAY = 86_400_000;

describe('rollup job and retention', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = (await newSite(t, await newOwner(t))).tracking_key;
  });
  afterAll(() => t.close());

  const ingest = (now: Date, path: string) =>
    t.services.collect.ingestMany([
      {
        payload: { s: key, t: 'pv', u: `https://example.com${path}`, v: `ret${now.getTime()}` },
        ctx: { ip: '61.135.169.121', userAgent: CHROME_WIN, headers: {}, now },
      },
    ]);
  const dirty = () => count(t, 'rollup_dirty');
  const dirtyDays = () => count(t, 'rollup_dirty_days');

  it('the scheduled job recounts dirty hours through pg-boss', async () => {
    await ingest(new Date(), '/job');
    expect(await dirty()).toBe(1);
    await t.services.jobs.send(ROLLUPS_JOB, {});
    // The job recounts hours first and days after, so both kinds of dirty mark must be gone.
    const pending = async () => (await dirty()) + (await dirtyDays());
    for (let i = 0; i < 100 && (await pending()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await pending()).toBe(0);
    const [row] = await t.db.query<{ pv: number }>(
      "select pv from rollup_daily where dim = 'page' and key = '/job'",
    );
    expect(Number(row?.pv)).toBe(1);
  });

  it('a day that took a second or more to recount waits twenty times that long', async () => {
    await ingest(new Date(), '/paced');
    await t.services.rollups.refresh();
    const pv = async () =>
      Number(
        (
          await t.db.query<{ pv: number }>(
            "select pv from rollup_daily where dim = 'page' and key = '/paced'",
          )
        )[0]?.pv,
      );
    expect(await pv()).toBe(1);
    await t.db.query(
      "update rollup_day_state set cost_ms = 5000, counted_at = now() - interval '90 seconds'",
    );
    await ingest(new Date(Date.now() + 1000), '/paced');
    await t.services.rollups.refresh();
    expect(await pv()).toBe(1);
    // The day waits for its next recount (paced by the last one's cost).
    expect(await dirtyDays()).toBe(1);
    await t.db.query("update rollup_day_state set counted_at = now() - interval '101 seconds'");
    await t.services.rollups.refresh();
    expect(await pv()).toBe(2);
  });

  it('deletes raw events and visits past the retention setting; rollups stay', async () => {
    const now = new Date();
    await ingest(new Date(now.getTime() - 40 * DAY), '/old');
    await ingest(new Date(now.getTime() - 5 * DAY), '/recent');
    await t.services.rollups.refresh();
    const before = [await count(t, 'events'), await count(t, 'visits')];
    await t.services.settings.update({ events_retention_days: 30 });
    await t.services.rollups.applyRetention(now);
    expect([await count(t, 'events'), await count(t, 'visits')]).toEqual([before[0]! - 1, before[1]! - 1]);
    expect(await t.db.query("select 1 from events where path = '/old'")).toHaveLength(0);
    expect(await t.db.query("select 1 from events where path = '/recent'")).toHaveLength(1);
    const kept = await t.db.query<{ pv: number }>(
      "select pv from rollup_daily where dim = 'page' and key = '/old'",
    );
    expect(Number(kept[0]?.pv)).toBe(1);
  });

  it('a retention of 0 keeps raw data; salts older than two days are always removed', async () => {
    await t.db.query(
      "insert into visitor_salts (day, salt) values ('2000-01-01', 'x') on conflict do nothing",
    );
    await t.services.settings.update({ events_retention_days: 0 });
    const before = await count(t, 'events');
    await t.services.rollups.applyRetention(new Date(Date.now() + 3650 * DAY));
    expect(await count(t, 'events')).toBe(before);
    expect(await t.db.query("select 1 from visitor_salts where day = '2000-01-01'")).toHaveLength(0);
  });
});
