// Reports at scale (issue 26): traffic with realistic cardinality (bench/scale-data.mjs) over many days,
// written with COPY on PostgreSQL (unnest inserts on PGlite) and counted by the product's own rollup
// recount; then every report call over HTTP for 1, 30 and 365 days: the first call after restarting
// PostgreSQL and Tally, the warm p50, and the CPU of server plus database per call; beside each, the same
// question as one raw GROUP BY over the raw tables, timed in the same run. Also disk per table and index,
// and the generation and recount rates.
// Usage: node bench/scale.mjs --help.

import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchDatabase, createSite, postgres, seedSite, withDatabase } from './collect-lib.mjs';
import { cpuMs, postgresCpuMs, printTable, startServer, tempDir } from './lib.mjs';
import { addDays, localDay, TIMEZONE } from './reports-data.mjs';
import { cardinality, generateScale } from './scale-data.mjs';

const USAGE =
  'Usage: npm run build && node bench/scale.mjs [--events 2000000] [--days 400] [--sites 1] [--pglite] [--reps 9] [--recount-only] [--calls /visitors/ip,/overview]';
/** The command line, or its usage and exit 2 for an unknown option or a count that is not a number. */
function options() {
  const counts = ['events', 'days', 'sites', 'reps'];
  try {
    const { values } = parseArgs({
      options: {
        ...Object.fromEntries(counts.map((name) => [name, { type: 'string' }])),
        pglite: { type: 'boolean' },
        calls: { type: 'string' },
        'recount-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    for (const name of counts) {
      if (values[name] !== undefined && !Number.isFinite(Number(values[name])))
        throw new Error(`--${name} takes a number`);
    }
    return values;
  } catch (err) {
    console.error(`bench/scale.mjs: ${err.message}\n${USAGE}`);
    process.exit(2);
  }
}
const opts = options();
const PGLITE = opts.pglite === true;
const EVENTS = Number(opts.events ?? (PGLITE ? 500_000 : 2_000_000));
const DAYS = Number(opts.days ?? 400);
const SITES = Number(opts.sites ?? 1);
const REPS = Number(opts.reps ?? 9);
/** Generation, recount and disk only; no report calls. */
const RECOUNT_ONLY = opts['recount-only'] === true;
/** The rollup tables (the IP table's daily rows have their own), and every table whose bytes are shown. */
const ROLLUPS = [
  'rollup_daily',
  'rollup_daily_ip',
  'rollup_ip_days',
  'rollup_ip_months',
  'rollup_day_keys',
  'rollup_monthly_top',
  'rollup_hourly',
];
const MEASURED = ['events', 'visits', ...ROLLUPS];
const RANGES = [1, 30, 365];
const PG_PORT = 55443;
const HTTP_PORT = 18261;
const log = (msg) => console.log(msg);
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (t) => Math.round(t * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Issue 26's goals, warm wall ms at any range. */
const GOALS = {
  '/visitors/ip': 150,
  '/overview': 100,
  '/content/page': 100,
  '/content/entry': 100,
  '/refer/keyword': 100,
};

const BOUNDS = `site_id = $1 and ts >= ($2::date::timestamp at time zone '${TIMEZONE}') and ts < (($3::date + 1)::timestamp at time zone '${TIMEZONE}')`;
const VISIT_BOUNDS = `site_id = $1 and started_at >= ($2::date::timestamp at time zone '${TIMEZONE}') and started_at < (($3::date + 1)::timestamp at time zone '${TIMEZONE}')`;
const visitsBy = (key) =>
  `select ${key} as key, count(*) as visits, sum(pageviews) as pv, count(distinct visitor) as uv, count(distinct ip) as ip
     from visits where ${VISIT_BOUNDS} and ${key} is not null group by 1 order by visits desc limit 20`;
const eventsBy = (key) =>
  `select ${key} as key, count(*) as pv, count(distinct visitor) as uv, count(distinct ip) as ip
     from events where ${BOUNDS} and type = 'pv' group by 1 order by pv desc limit 20`;

/** Each report call and, as its baseline, the same question as one GROUP BY over the raw rows. */
const ALL_CALLS = [
  [
    '/overview',
    '',
    `select count(*) filter (where type = 'pv') as pv, count(distinct visitor) as uv, count(distinct ip) as ip
       from events where ${BOUNDS}`,
  ],
  [
    '/trend',
    '',
    `select (ts at time zone '${TIMEZONE}')::date as day, count(*) as pv, count(distinct visitor) as uv
       from events where ${BOUNDS} and type = 'pv' group by 1`,
  ],
  ['/visitors/area', '&scope=province', visitsBy('province')],
  ['/visitors/ip', '', visitsBy('ip')],
  ['/refer/category', '', visitsBy('ref_category')],
  ['/refer/domain', '', visitsBy('ref_domain')],
  ['/refer/page', '', visitsBy("nullif(referrer, '')")],
  ['/refer/engine', '', visitsBy('ref_name')],
  ['/refer/keyword', '', visitsBy('keyword')],
  ['/content/page', '', eventsBy('path')],
  ['/content/entry', '', visitsBy('entry_path')],
  ['/content/domain', '', eventsBy('host')],
  [
    '/events',
    '',
    `select name, count(*), count(distinct visitor) from events where ${BOUNDS} and type = 'ev' group by 1 order by 2 desc`,
  ],
  [
    '/visitor',
    '&page=1&limit=20',
    `select * from visits where ${VISIT_BOUNDS} order by started_at desc limit 20`,
  ],
];
/** The calls timed: all, or those `--calls` names (comma-separated paths). */
const CALLS = opts.calls ? ALL_CALLS.filter(([call]) => opts.calls.split(',').includes(call)) : ALL_CALLS;

/** The owner's sites, the traffic, its recount, and a session for the API calls. */
async function seed(dataDir, databaseUrl, pgPort) {
  const { siteId } = await seedSite(dataDir, databaseUrl);
  return withDatabase(dataDir, databaseUrl, async (services, db) => {
    const [site] = await db.query('select user_id from sites where id = $1', [siteId]);
    const userId = Number(site.user_id);
    const siteIds = [siteId];
    for (let i = 1; i < SITES; i++) siteIds.push((await createSite(services, userId, `scale ${i}`)).siteId);
    log(`generating ${EVENTS} events over ${DAYS} days for ${SITES} site(s)…`);
    const generated = await generateScale(db, { siteIds, events: EVENTS, days: DAYS, log });
    log(`  ${generated.events} events in ${Math.round(generated.seconds)} s; counting rollups…`);
    // On PostgreSQL the range recount runs day recounts side by side; one at a time first, as the
    // baseline of the same run, each into empty rollup tables.
    const single = db.kind === 'postgres' ? await timedRecount(services, db, pgPort, 1) : undefined;
    if (single) await db.query(`truncate ${ROLLUPS.join(', ')}, rollup_day_state`);
    const recount = await timedRecount(services, db, pgPort);
    for (const table of MEASURED) await db.query(`vacuum analyze ${table}`);
    const disk = await diskUse(db);
    const shape = await cardinality(db, siteId);
    const token = await services.sessions.open({ kind: 'user', userId });
    return { siteId, token, generated, single, recount, disk, shape };
  });
}

/**
 * The product's own backfill (`tally rollups recount` over every generated day), after planner statistics
 * as autovacuum would have them: wall and CPU time, and the longest gap between its progress reports,
 * each of which follows one statement (on PGlite, how long collect would wait behind it).
 */
async function timedRecount(services, db, pgPort, workers) {
  for (const table of ['events', 'visits']) await db.query(`analyze ${table}`);
  const cpu = () => cpuMs(process.pid) + (pgPort ? postgresCpuMs(pgPort) : 0);
  const [cpu0, t0] = [cpu(), performance.now()];
  let [last, longest] = [t0, 0];
  const today = localDay(new Date());
  const range = { from: addDays(today, -DAYS - 1), to: today, siteIds: null, workers };
  const done = await services.rollups.recountRange(range, () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  });
  return {
    seconds: (performance.now() - t0) / 1000,
    cpuMs: cpu() - cpu0,
    longestMs: longest,
    workers: workers ?? services.rollups.dayWorkers,
    ...done,
  };
}

/** Bytes per table, a partitioned table's being those of all of its partitions (pg_partition_tree: none for a plain table). */
async function diskUse(db) {
  const rows = await db.query(
    `select t.name, sum(pg_relation_size(p.relid)) as heap, sum(pg_indexes_size(p.relid)) as indexes,
            sum(pg_total_relation_size(p.relid)) as total
       from unnest($1::text[]) as t(name)
      cross join lateral (select relid from pg_partition_tree(t.name::regclass) union select t.name::regclass) p
      group by t.name order by total desc`,
    [MEASURED],
  );
  return rows.map((r) => ({
    name: r.name,
    heap: Number(r.heap),
    indexes: Number(r.indexes),
    total: Number(r.total),
  }));
}

/** `fn` run `reps` times after one warm-up: wall ms of each and the CPU per run of `cpu`. */
async function timeCalls(reps, fn, cpu) {
  await fn();
  const times = [];
  const cpu0 = cpu();
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return { p50: median(times), cpuMs: (cpu() - cpu0) / reps };
}

async function main() {
  log(`load average before: ${loads()}`);
  const cluster = PGLITE ? undefined : await postgres(PG_PORT);
  if (!PGLITE && !cluster)
    throw new Error('no PostgreSQL: install it, set BENCH_DATABASE_URL, or pass --pglite');
  const database = cluster ? await benchDatabase(cluster.url, 'tally_bench_scale') : undefined;
  const databaseUrl = database?.url;
  const pgPort = cluster && !process.env.BENCH_DATABASE_URL ? PG_PORT : undefined;
  const dataDir = tempDir('tally-bench-scale-');
  let server;
  let stopped = false;
  /**
   * What this run started, stopped once: on the way out, or on Ctrl-C / SIGTERM. A cluster of its own is
   * stopped before anything else can fail (a statement the stop ends rejects, and ends the process); on
   * BENCH_DATABASE_URL's cluster only the bench database goes.
   */
  const cleanUp = async () => {
    if (stopped) return;
    stopped = true;
    await server?.stop();
    if (pgPort) cluster.stop();
    else await database?.drop().catch((err) => console.error(`dropping the bench database: ${err.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      console.error(`${signal}: stopping the server, the database and the files`);
      cleanUp().finally(() => process.exit(130));
    });
  try {
    const { siteId, token, generated, single, recount, disk, shape } = await seed(
      dataDir,
      databaseUrl,
      pgPort,
    );
    const perMillion = (bytes) => Math.round((((bytes / generated.events) * 1e6) / 1024 / 1024) * 10) / 10;
    log(
      `\n${PGLITE ? 'PGlite' : 'PostgreSQL'}: ${generated.events} events over ${DAYS} days, ${SITES} site(s)`,
    );
    log(
      `busiest day of the first site (${shape.day}): ${shape.visits} visits, ${shape.pages} pages, ${shape.keywords} keywords, ${shape.referrers} referring pages, ${shape.ips} addresses`,
    );
    log(`generation: ${Math.round(generated.events / generated.seconds)} events/s`);
    const recountLine = (r) =>
      `${Math.round(generated.events / r.seconds)} events/s with ${r.workers} at once (${r.hours} hours, ${r.days} days in ${Math.round(r.seconds)} s; ` +
      `CPU ${ms((r.cpuMs * 1000) / generated.events)} µs/event; longest statement ${Math.round(r.longestMs)} ms)`;
    if (single) log(`recount, one day at a time (baseline): ${recountLine(single)}`);
    log(
      `recount: ${recountLine(recount)}${single ? `; ${ms(single.seconds / recount.seconds)}× the baseline's rate` : ''}`,
    );
    printTable(
      disk.map((d) => ({
        table: d.name,
        'MB/M events': perMillion(d.total),
        'heap MB/M': perMillion(d.heap),
        'index MB/M': perMillion(d.indexes),
      })),
    );
    log(`total: ${perMillion(disk.reduce((n, d) => n + d.total, 0))} MB per million events (goal ≤ 150)`);
    if (RECOUNT_ONLY) return log(`load average after: ${loads()}`);
    const serverEnv = {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      PORT: String(HTTP_PORT),
    };
    const productCpu = () => cpuMs(server.child.pid) + (pgPort ? postgresCpuMs(pgPort) : 0);
    const yesterday = addDays(localDay(new Date()), -1);
    const api = async (call, extra, days) => {
      const from = addDays(yesterday, -(days - 1));
      const res = await fetch(
        `${server.url}/api/v1/api2/report${call}?site_id=${siteId}&range=custom&from=${from}&to=${yesterday}${extra}`,
        { headers: { 'x-token': token } },
      );
      const body = await res.json();
      if (body.code !== 200) throw new Error(`${call}: ${JSON.stringify(body).slice(0, 300)}`);
    };
    const results = new Map();
    for (const days of RANGES) {
      // Cold: both processes restarted, so neither holds this range's pages or plans.
      await server?.stop();
      if (pgPort) await cluster.ctl('restart', '-m', 'fast');
      server = await startServer(serverEnv);
      for (const [call, extra] of CALLS) {
        const t = performance.now();
        await api(call, extra, days);
        results.set(`${call} ${days}`, { first: performance.now() - t });
      }
      for (const [call, extra] of CALLS)
        Object.assign(
          results.get(`${call} ${days}`),
          await timeCalls(REPS, () => api(call, extra, days), productCpu),
        );
    }
    await server.stop();
    server = undefined;
    // The baseline, on the bench's own connection to the same database (PGlite: opened here, now that
    // the server has let go of it).
    await withDatabase(dataDir, databaseUrl, async (_services, db) => {
      const rawCpu = () => (pgPort ? postgresCpuMs(pgPort) : cpuMs(process.pid));
      for (const days of RANGES)
        for (const [call, , sql] of CALLS) {
          const from = addDays(yesterday, -(days - 1));
          const reps = days > 30 ? 1 : 3;
          Object.assign(results.get(`${call} ${days}`), {
            raw: await timeCalls(reps, () => db.query(sql, [siteId, from, yesterday]), rawCpu),
          });
        }
    });

    const rows = [];
    for (const days of RANGES)
      for (const [call] of CALLS) {
        const r = results.get(`${call} ${days}`);
        const goal = GOALS[call];
        rows.push({
          call,
          days,
          'first ms': ms(r.first),
          'p50 ms': ms(r.p50),
          'CPU ms/call': ms(r.cpuMs),
          'raw ms': ms(r.raw.p50),
          'raw CPU ms': ms(r.raw.cpuMs),
          'raw/api': ms(r.raw.p50 / r.p50),
          goal: goal ? `< ${goal}` : '',
          ok: goal ? (r.p50 < goal ? 'yes' : 'NO') : '',
        });
      }
    printTable(rows);
    log(`load average after: ${loads()}`);
  } finally {
    await cleanUp();
  }
}

await main();
