import { REPORT_BASE } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_WIN, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { count } from '../../../test/factories.js';

describe('monthly partitions of events and visits', () => {
  let t: TestApp;
  let key: string;
  let token: string;
  let siteId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await newOwner(t);
    token = owner.token;
    const site = await newSite(t, owner, { timezone: 'UTC' });
    key = site.tracking_key;
    siteId = site.id;
  });
  afterAll(() => t.close());

  const ingest = (at: string, path: string) =>
    t.services.collect.ingestMany([
      {
        payload: { s: key, t: 'pv', u: `https://example.com${path}`, v: `part${Date.parse(at)}` },
        ctx: { ip: '61.135.169.121', userAgent: CHROME_WIN, headers: {}, now: new Date(at) },
      },
    ]);
  /** The table each raw row of a page is kept in. */
  const homes = async (path: string) =>
    t.db.query<{ part: string }>(
      `select tableoid::regclass::text as part from events where path = $1
       union all select tableoid::regclass::text from visits where entry_path = $1 order by 1`,
      [path],
    );
  const exists = async (name: string) =>
    (await t.db.query<{ r: string | null }>('select to_regclass($1)::text as r', [name]))[0]?.r === name;
  /** Bytes of a raw table's partitions together. */
  const bytes = async (parent: string) =>
    Number(
      (
        await t.db.query<{ n: number }>(
          `select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0)::float8 as n
             from pg_inherits i where i.inhparent = $1::regclass`,
          [parent],
        )
      )[0]?.n,
    );

  it('this month and the next two have partitions from the start (the migration made them)', async () => {
    const now = new Date();
    const names = (
      await t.db.query<{ n: string }>(
        "select relname as n from pg_class where relname ~ '^(events|visits)_p'",
      )
    ).map((r) => r.n);
    for (let k = 0; k < 3; k++) {
      const m = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
      const suffix = `${m.getUTCFullYear()}${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
      expect(names).toEqual(expect.arrayContaining([`events_p${suffix}`, `visits_p${suffix}`]));
    }
  });

  it('collect makes the partitions of a month it writes to first', async () => {
    await ingest('2019-01-10T12:00:00Z', '/january');
    expect(await homes('/january')).toEqual([{ part: 'events_p201901' }, { part: 'visits_p201901' }]);
  });

  it('rows written without their month (a restore) wait in the default partition until the job', async () => {
    // Written as a restore's COPY writes them: straight into the table, no partition made first.
    await t.db.query(
      `insert into events (site_id, visit_id, visitor, ts, type, page_id, url, host, path, title, duration_ms, ip)
       values ($1, 0, 'restored', '2019-03-15T10:00:00Z', 'pv', 'p', 'https://example.com/stray', 'example.com',
               '/stray', '', 0, '61.135.169.121')`,
      [siteId],
    );
    expect(await homes('/stray')).toEqual([{ part: 'events_default' }]);
    // Three months ahead of 2018-06 and the stray row's month, each for events and visits.
    expect(await t.services.rollups.keepPartitions(new Date('2018-06-05T00:00:00Z'))).toBe(2 * 4);
    expect(await homes('/stray')).toEqual([{ part: 'events_p201903' }]);
    expect(await count(t, 'events_default')).toBe(0);
    // Made once: asking again changes nothing.
    expect(await t.services.rollups.keepPartitions(new Date('2018-06-05T00:00:00Z'))).toBe(0);
  });

  it('retention drops the months wholly past it, deletes the rest of the boundary month, reports agree', async () => {
    await ingest('2019-02-20T12:00:00Z', '/early-february');
    await ingest('2019-02-27T12:00:00Z', '/late-february');
    await t.services.rollups.refresh();
    const retentionDay = new Date(Date.UTC(2019, 3, 10));
    // The months retention makes ahead exist already, so the bytes below compare the same tables.
    await t.services.rollups.keepPartitions(retentionDay);
    const trend = async () => {
      const qs = new URLSearchParams({
        site_id: String(siteId),
        range: 'custom',
        from: '2019-01-01',
        to: '2019-03-31',
      });
      const res = await t.call('GET', `${REPORT_BASE}/trend?${qs}`, { token });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const before = await trend();
    const eventBytes = await bytes('events');
    const januaryBytes = Number(
      (await t.db.query<{ n: number }>("select pg_total_relation_size('events_p201901')::float8 as n"))[0]?.n,
    );
    expect(januaryBytes).toBeGreaterThan(0);

    // On 2019-04-10 with 45 days kept, the cutoff is 2019-02-24: January goes whole, February in part.
    await t.services.settings.update({ events_retention_days: 45 });
    try {
      await t.services.rollups.applyRetention(retentionDay);
    } finally {
      await t.services.settings.update({ events_retention_days: 400 });
    }
    expect(await exists('events_p201901')).toBe(false);
    expect(await exists('visits_p201901')).toBe(false);
    // January's bytes are gone with its table (and those of the empty months of 2018 made above).
    expect(await bytes('events')).toBeLessThanOrEqual(eventBytes - januaryBytes);
    expect(await homes('/january')).toEqual([]);
    expect(await homes('/early-february')).toEqual([]);
    expect(await homes('/late-february')).toEqual([{ part: 'events_p201902' }, { part: 'visits_p201902' }]);
    expect(await exists('events_p201902')).toBe(true);
    // The rollups stay: the trend over the dropped months reads as before.
    expect(await trend()).toEqual(before);
    // January's, and the two of February.
    expect(before.totals.pv).toBe(3);
  });
});
