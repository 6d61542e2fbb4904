// What monthly partitions of `visits` cost collect's one read (issue 26 item 3): the latest visit of each
// visitor of a batch (IngestRepository.latestVisits, the product's own statement) over 14 months of
// visits in monthly partitions, against the same rows in one table, in the same run and database.
// Each lookup asks for 200 visitors, about half of them never seen (a new visitor is looked up in every
// month's index: the partitions' cost). Prints ms and database CPU per lookup, and their ratio.
// Usage: npm run build && node bench/partition-lookup.mjs [--rows 1400000] [--lookups 300]

import { loadavg } from 'node:os';
import { benchDatabase, postgres } from './collect-lib.mjs';
import { postgresCpuMs } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 1_400_000);
const LOOKUPS = arg('lookups', 300);
const MONTHS = 14;
const VISITORS = Math.round(ROWS * 0.43);
const PG_PORT = 55447;
const dist = (file) => import(`../apps/server/dist/${file}`);
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The visitors of lookup `i`: 200 ids over twice the stored range, so about half were never seen. */
const keysOf = (i) =>
  Array.from({ length: 200 }, (_, k) => ({
    siteId: 1,
    visitor: `v${(i * 7919 + k * 104_729) % (2 * VISITORS)}`,
  }));

async function main() {
  console.log(`load average before: ${loads()}`);
  const cluster = await postgres(PG_PORT);
  if (!cluster) throw new Error('no PostgreSQL (install postgresql or set BENCH_DATABASE_URL)');
  const port = Number(new URL(cluster.url).port);
  let bench;
  let db;
  try {
    bench = await benchDatabase(cluster.url, 'tally_bench_partition_lookup');
    const { openPostgres } = await dist('db/client.js');
    const { IngestRepository } = await dist('modules/collect/ingest.repository.js');
    const { MonthPartitions, monthOf } = await dist('db/month-partitions.js');
    db = await openPostgres(bench.url, 2);
    await db.migrate();
    const now = new Date();
    const months = Array.from({ length: MONTHS }, (_, k) =>
      monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 1))),
    );
    await new MonthPartitions(db).ensure(months);
    // Visits spread evenly over the months, a visitor's visits anywhere among them.
    await db.query(
      `insert into visits (id, site_id, visitor, started_at, last_at, local_day, is_new, pageviews, events,
              duration_ms, entry_url, entry_path, exit_url, exit_path, referrer, ref_category, ip, country,
              province, city, isp, browser, browser_version, os, os_version, device, screen, language)
       select i, 1, 'v' || (random() * ${VISITORS})::int, t, t, t::date, false, 1, 1, 0, '', '/', '', '/', '',
              'direct', '', '', '', '', '', '', '', '', '', '', '', ''
         from generate_series(1, ${ROWS}) i,
              lateral (select date_trunc('month', now()) - interval '${MONTHS - 1} months'
                              + (i::float8 / ${ROWS}) * (now() - (date_trunc('month', now()) - interval '${MONTHS - 1} months')) as t) x`,
    );
    await db.query('create table visits_flat (like visits including all)');
    await db.query('insert into visits_flat select * from visits');
    await db.query('vacuum analyze visits');
    await db.query('vacuum analyze visits_flat');
    const repo = new IngestRepository(db);
    /** Swaps the two tables' names, so the product's statement reads the other layout. */
    const swap = async () => {
      await db.query('alter table visits rename to visits_swap');
      await db.query('alter table visits_flat rename to visits');
      await db.query('alter table visits_swap rename to visits_flat');
    };
    const round = async () => {
      let found = 0;
      const cpu0 = postgresCpuMs(port);
      const t0 = performance.now();
      for (let i = 0; i < LOOKUPS; i++) found += (await repo.latestVisits(keysOf(i))).size;
      return {
        ms: (performance.now() - t0) / LOOKUPS,
        cpuMs: (postgresCpuMs(port) - cpu0) / LOOKUPS,
        found: found / LOOKUPS,
      };
    };
    const results = { partitioned: [], flat: [] };
    // Alternating, twice each, so a change in machine load falls on both.
    for (let r = 0; r < 2; r++) {
      results.partitioned.push(await round());
      await swap();
      results.flat.push(await round());
      await swap();
    }
    const best = (list, f) => Math.min(...list.map(f));
    const rows = Object.entries(results).map(([layout, list]) => ({
      layout,
      'ms/lookup': best(list, (x) => x.ms).toFixed(2),
      'db CPU ms/lookup': best(list, (x) => x.cpuMs).toFixed(2),
      'found of 200': Math.round(list[0].found),
    }));
    console.table(rows);
    const ratio = (f) => (best(results.partitioned, f) / best(results.flat, f)).toFixed(2);
    console.log(
      `${ROWS} visits over ${MONTHS} months (${MONTHS} partitions and a default one): partitioned/one table ` +
        `${ratio((x) => x.ms)}× wall, ${ratio((x) => x.cpuMs)}× database CPU per lookup of 200 visitors ` +
        `(best of 2 rounds each). Load average after: ${loads()}`,
    );
  } finally {
    await db?.close();
    await bench?.drop();
    cluster.stop();
  }
}

await main();
