// Reports on PostgreSQL at scale: 5M generated events over 90 days for one site, counted by the real
// rollup job; then the 30-day overview and trend and a visit-log page over HTTP against the built server,
// and the same numbers computed by GROUP BY over the raw tables in the same run.
// Usage: npm run build && node bench/reports.mjs   (BENCH_EVENTS, BENCH_DAYS, BENCH_REPS, BENCH_DATABASE_URL)
import { rmSync } from 'node:fs';
import pg from 'pg';
import { benchDatabase, postgres, seedSite, withDatabase } from './collect-lib.mjs';
import { printTable, startServer, tempDir } from './lib.mjs';
import { addDays, generate, localDay, TIMEZONE } from './reports-data.mjs';
import { RAW } from './reports-raw.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const REPS = Number(process.env.BENCH_REPS ?? 40);
const RAW_REPS = Math.max(3, Math.round(REPS / 8));
const TARGET = { overviewTrend: 150, visitLog: 50 };
const PORT = Number(process.env.BENCH_PORT ?? 18251);
const log = (msg) => console.log(msg);

const p50 = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor((sorted.length - 1) / 2)] * 10) / 10;
};

/** Milliseconds of each of `reps` sequential runs of `fn`, after warm-up runs. */
async function time(reps, fn) {
  for (let i = 0; i < 3; i++) await fn();
  const out = [];
  for (let i = 0; i < reps; i++) {
    const started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return out;
}

/** One owner and site (Asia/Shanghai, the default zone), the generated traffic, and a session for the calls. */
async function seed(databaseUrl, dataDir, now) {
  const { siteId } = await seedSite(dataDir, databaseUrl);
  return withDatabase(dataDir, databaseUrl, async (services, db) => {
    const events = await generate(db, services, { siteId, events: EVENTS, days: DAYS, now, log });
    const [site] = await db.query('select user_id, timezone from sites where id = $1', [siteId]);
    if (site.timezone !== TIMEZONE) throw new Error(`the site's zone is ${site.timezone}`);
    const token = await services.sessions.open({ kind: 'user', userId: Number(site.user_id) });
    return { siteId, token, events };
  });
}

async function main() {
  const cluster = await postgres(Number(process.env.PG_TEMP_PORT ?? 55439));
  if (!cluster) throw new Error('no PostgreSQL: install it or set BENCH_DATABASE_URL');
  const database = await benchDatabase(cluster.url, 'tally_bench_reports');
  const databaseUrl = database.url;
  const dataDir = tempDir('tally-bench-reports-');
  const now = new Date();
  let server;
  // The same session settings as the product's pool (db/client.ts).
  const raw = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
  try {
    log(`generating ${EVENTS} events over ${DAYS} days…`);
    const { siteId, token, events } = await seed(databaseUrl, dataDir, now);
    server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(PORT) });
    const api = async (path) => {
      const res = await fetch(`${server.url}/api/v1/api2/report${path}&site_id=${siteId}`, {
        headers: { 'x-token': token, 'x-random': String(Math.random()) },
      });
      const body = await res.json();
      if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return body.data;
    };
    const today = localDay(now);
    const args = { siteId, from: addDays(today, -29), to: today, now, timezone: TIMEZONE };

    // The API's trend and the raw GROUP BY must agree before their speeds are compared.
    const trend = await api('/trend?range=30d');
    const rawTrend = await RAW.trend(raw, args);
    const same =
      trend.points.length === rawTrend.length &&
      trend.points.every(
        (p, i) =>
          p.current.pv === rawTrend[i].pv &&
          p.current.uv === rawTrend[i].uv &&
          p.current.visits === rawTrend[i].visits,
      );
    if (!same) throw new Error('the API trend differs from the raw GROUP BY');

    // Warm the server (JIT, connection pool) before anything is timed.
    await time(10, () =>
      Promise.all([api('/overview?range=30d'), api('/trend?range=30d'), api('/visitor?range=30d')]),
    );
    const apiOverview = await time(REPS, () => api('/overview?range=30d'));
    const apiTrend = await time(REPS, () => api('/trend?range=30d'));
    const apiLog = await time(REPS, () => api('/visitor?range=30d&page=1&limit=20'));
    const apiLogDeep = await time(REPS, () => api('/visitor?range=30d&page=500&limit=20'));
    const rawOverview = await time(RAW_REPS, () => RAW.overview(raw, args));
    const rawTrendTimes = await time(RAW_REPS, () => RAW.trend(raw, args));
    const rawLog = await time(RAW_REPS, () => RAW.visitLog(raw, { ...args, offset: 0 }));
    const rawLogDeep = await time(RAW_REPS, () => RAW.visitLog(raw, { ...args, offset: 9980 }));

    const row = (name, api, rawTimes, target) => ({
      call: name,
      'api p50 ms': p50(api),
      'raw GROUP BY p50 ms': p50(rawTimes),
      'raw / api': Math.round((p50(rawTimes) / p50(api)) * 10) / 10,
      target: target ? `< ${target} ms` : '',
      ok: target ? (p50(api) < target ? 'yes' : 'NO') : '',
    });
    // The overview + trend pair is timed the same way on both sides: the sum of each run's two calls.
    const apiPair = apiOverview.map((t, i) => t + apiTrend[i]);
    const pairRaw = rawOverview.map((t, i) => t + rawTrendTimes[i]);
    log(
      `\n${events} events over ${DAYS} days, one site, PostgreSQL; ${REPS} sequential runs (raw: ${RAW_REPS}); trend matches raw: ${same}`,
    );
    printTable([
      row('overview + trend, 30 days', apiPair, pairRaw, TARGET.overviewTrend),
      row('overview, 30 days', apiOverview, rawOverview),
      row('trend by day, 30 days', apiTrend, rawTrendTimes),
      row('visit log, page 1', apiLog, rawLog, TARGET.visitLog),
      row('visit log, page 500', apiLogDeep, rawLogDeep),
    ]);
    const failed = p50(apiPair) >= TARGET.overviewTrend || p50(apiLog) >= TARGET.visitLog;
    process.exitCode = failed ? 1 : 0;
  } finally {
    await raw.end();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
    cluster.stop();
  }
}

await main();
