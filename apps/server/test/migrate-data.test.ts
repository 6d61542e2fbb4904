import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_API } from '@tally/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client.js';
import { IP_AS_DAILY } from '../src/db/schema/analytics.js';
import { DAILY_COLUMNS } from '../src/modules/reports/rollup-reads.repository.js';
import { CHROME_WIN, newOwner, newSite } from './analytics-factories.js';
import { createTestApp, type TestApp } from './app.js';
import { emptyDatabase, type TestDatabase } from './database.js';
import { countRows } from './factories.js';
import { IP, mainSiteHits, NOW, secondSiteHits, visitor, writeTraffic } from './report-traffic.js';

/** A copy of the shipped migrations that ends with `last` (the schema a database was filled by). */
async function migrationsThrough(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tally-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === last);
  if (end < 0) throw new Error(`no migration ${last}`);
  journal.entries = journal.entries.slice(0, end + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** Every report call the signed-in owner may make, with the queries the comparison reads. */
function reportCalls(siteId: number, visitId: number): [string, Record<string, string | number>][] {
  const calls: [string, Record<string, string | number>][] = [];
  for (const [name, report] of Object.entries(REPORT_API)) {
    if (name === 'visitorPages') {
      calls.push([report.path, { site_id: siteId, id: visitId }]);
      continue;
    }
    for (const range of ['today', '7d', '30d']) calls.push([report.path, { site_id: siteId, range }]);
    // Across the UTC month edge the migration splits the raw rows at; and longer than EXACT_TABLE_DAYS,
    // where tables read the top rows and sketches 0033 marks and makes for the days counted before it.
    calls.push([report.path, { site_id: siteId, range: 'custom', from: '2026-02-20', to: '2026-03-10' }]);
    calls.push([report.path, { site_id: siteId, range: 'custom', from: '2026-01-01', to: '2026-03-10' }]);
  }
  return calls;
}

/** The first `count` statements of a shipped migration. */
async function statementsOf(file: string, count: number): Promise<string[]> {
  const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
  return sql.split('--> statement-breakpoint').slice(0, count);
}

/**
 * The IP table as 0032 makes it, and what 0033 to 0035 add (their tables, columns and indexes, before
 * their backfills).
 */
const TABLES_OF_0032_TO_0035 = async () => [
  ...(await statementsOf('0032_rollup_daily_ip.sql', 1)),
  ...(await statementsOf('0033_top_rows_and_ip_sketches.sql', 7)),
  ...(await statementsOf('0034_rollup_day_keys.sql', 1)),
  ...(await statementsOf('0035_monthly_top_rows.sql', 2)),
];

/**
 * The IP table's rows put where the builds before 0032 wrote them: `rollup_daily`, as the `ip`
 * dimension, through the reports' own reading of the table as those rows (1 address a day, no entries or
 * exits; rollups.test.ts checks that reading against the raw recount).
 */
const IP_ROWS_AS_BEFORE = [
  `insert into rollup_daily (${DAILY_COLUMNS}) select ${DAILY_COLUMNS} from (${IP_AS_DAILY}) a`,
  'drop table rollup_daily_ip',
  'alter table rollup_daily drop column top',
  'drop table rollup_ip_days',
  'drop table rollup_ip_months',
  'drop sequence rollup_ip_sketch_version',
  'drop table rollup_day_keys',
  'drop table rollup_monthly_top',
  'drop table rollup_dirty_months',
];

/**
 * What 0033 to 0035 derive from the daily rows (each day's top keys and addresses, its sketch, its sets
 * of keys, each settled month's top rows), as this build writes it.
 */
const derived = (t: TestApp) =>
  Promise.all([
    t.db.query(
      `select site_id, dim, to_char(day, 'YYYY-MM-DD') as day, key from rollup_daily where top order by 1, 2, 3, 4`,
    ),
    t.db.query(
      `select site_id, to_char(day, 'YYYY-MM-DD') as day, ip from rollup_daily_ip where top order by 1, 2, 3`,
    ),
    t.db.query(
      `select site_id, to_char(day, 'YYYY-MM-DD') as day, encode(sketch, 'hex') as sketch from rollup_ip_days order by 1, 2`,
    ),
    t.db.query(
      `select site_id, dim, to_char(day, 'YYYY-MM-DD') as day, encode(hashes, 'hex') as hashes
         from rollup_day_keys order by 1, 2, 3`,
    ),
    t.db.query(
      `select site_id, dim, to_char(month, 'YYYY-MM-DD') as month, key, pv, uv, ip, visits, new_visitors, bounces,
              duration_ms, entries, exits, to_char(last_day, 'YYYY-MM-DD') as last_day
         from rollup_monthly_top order by 1, 2, 3, 4`,
    ),
  ]);

/**
 * A database filled by the schema of 0030 (every report read through this build) migrated to the last:
 * 0031 (events and visits into monthly partitions), 0032 (the IP rows into their own table), 0033
 * (each day's top keys and addresses and its address sketch, derived from those rows), 0034 (each
 * day's sets of keys) and 0035 (each settled month's top rows), derived from them too.
 */
describe('migrations 0031 to 0035 carry the data of 0030 over', () => {
  let base: TestDatabase;
  const dirs: string[] = [];
  afterAll(async () => {
    await base?.db.close();
    await base?.drop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  // Two starts of the app and 260 report calls: longer than the default limit when the suite loads the machine.
  it('carries every row over, and every report reads the same after', { timeout: 90_000 }, async () => {
    base = await emptyDatabase();
    const through0030 = await migrationsThrough('0030_rollup_day_leases');
    dirs.push(through0030);
    await base.db.migrate(through0030);
    // Stand-ins let this build write and read the schema of 0030. Its collect asks for each month's
    // partitions, which that schema has none of: the stand-in function makes none, so the rows go into
    // the plain tables as the build before wrote them (0031 replaces it with the real one). Its rollups
    // write the IP rows to their own table, and top flags and sketches: made early (0032's and 0033's
    // own statements) and emptied into where the builds before 0032 kept the rows just before migrating.
    await base.db.query(
      'create function tally_month_partitions(day date) returns integer language sql as $$ select 0 $$',
    );
    for (const sql of await TABLES_OF_0032_TO_0035()) await base.db.query(sql);

    const first = await createTestApp({}, { clock: () => NOW, database: base });
    const owner = await newOwner(first);
    const main = await newSite(first, owner);
    const second = await newSite(first, owner, { name: 'Second', domains: ['second.example'] });
    // Besides the ground-truth traffic, a visit that starts in February by UTC (March 1st in Shanghai)
    // and goes on into March: its rows land in two partitions.
    const ivan = visitor(main.tracking_key, 'ivan09', IP.usa, CHROME_WIN);
    await writeTraffic(first, [
      ...mainSiteHits(main.tracking_key),
      ...secondSiteHits(second.tracking_key),
      ivan.pv('2026-03-01 07:50:00', '/', 'i1'),
      ivan.pv('2026-03-01 08:05:00', '/docs', 'i2', 'https://example.com/'),
      ivan.pv('2026-02-12 09:00:00', '/pricing', 'i3'),
    ]);
    // A visit of each site, the one that crosses the month edge for the main site.
    const visits = new Map(
      (
        await first.db.query<{ site_id: number; id: number }>(
          `select distinct on (site_id) site_id, id from visits
            order by site_id, abs(extract(epoch from started_at - '2026-03-01T00:00:00Z'))`,
        )
      ).map((r) => [Number(r.site_id), Number(r.id)]),
    );
    const read = async (t: TestApp) => {
      const out: Record<string, unknown> = {};
      for (const siteId of [main.id, second.id]) {
        for (const [url, query] of reportCalls(siteId, visits.get(siteId)!)) {
          const qs = new URLSearchParams(
            Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
          );
          const res = await t.call('GET', `${url}?${qs}`, { token: owner.token });
          expect(res.status, `${url}?${qs}: ${JSON.stringify(res.body)}`).toBe(200);
          out[`${url}?${qs}`] = res.body.data;
        }
      }
      return out;
    };
    const tables = ['events', 'visits', 'rollup_daily', 'rollup_hourly'] as const;
    const reportsBefore = await read(first);
    const ipRows = (await countRows(first, ['rollup_daily_ip'])).rollup_daily_ip;
    expect(ipRows).toBeGreaterThan(0);
    const derivedBefore = await derived(first);
    expect(derivedBefore.map((rows) => rows.length > 0)).toEqual([true, true, true, true, true]);
    for (const sql of IP_ROWS_AS_BEFORE) await first.db.query(sql);
    const rowsBefore = await countRows(first, tables);
    await first.close();

    await base.db.migrate();
    const migrated = await createTestApp({}, { clock: () => NOW, database: base });
    try {
      expect(await countRows(migrated, [...tables, 'rollup_daily_ip'])).toEqual({
        ...rowsBefore,
        rollup_daily: rowsBefore.rollup_daily! - ipRows!,
        rollup_daily_ip: ipRows,
      });
      expect(await derived(migrated)).toEqual(derivedBefore);
      expect(await read(migrated)).toEqual(reportsBefore);
      const kinds = await migrated.db.query<{ relname: string; relkind: string }>(
        "select relname, relkind from pg_class where relname in ('events', 'visits') order by 1",
      );
      expect(kinds).toEqual([
        { relname: 'events', relkind: 'p' },
        { relname: 'visits', relkind: 'p' },
      ]);
      // Every row in its month's partition, none left in a default one.
      const where = await migrated.db.query<{ part: string; n: number }>(
        `select tableoid::regclass::text as part, count(*)::int as n from events group by 1
         union all select tableoid::regclass::text, count(*)::int from visits group by 1 order by 1`,
      );
      expect(where.map((r) => r.part)).toEqual([
        'events_p202602',
        'events_p202603',
        'visits_p202602',
        'visits_p202603',
      ]);
    } finally {
      await migrated.close();
    }
  });
});
