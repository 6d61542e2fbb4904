// History import speed (issue 28): a generated access log and a generated Umami website_event CSV
// (with its session CSV), each imported through the CLI (`tally import`) into PostgreSQL. Prints
// rows/s per file and its ratio to the goal (≥ 20,000 rows/s), with the machine's load average (a
// loaded machine's figures are not quiet ones). PostgreSQL: BENCH_DATABASE_URL or a throwaway cluster.
// Whatever ends the run (a failed import, Ctrl-C, a SIGTERM), the import process, the cluster and the
// generated files go with it. Exit code 1 when a file misses the goal.
// Usage: npx tsc -b && node bench/import.mjs [--rows N] (default 1,000,000 rows per file)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { benchDatabase, postgres, seedSite } from './collect-lib.mjs';
import { printTable, serverDist, tempDir } from './lib.mjs';

const arg = process.argv.indexOf('--rows');
const ROWS = arg > 0 ? Number(process.argv[arg + 1]) : 1_000_000;
const GOAL = 20_000;
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
];
const REFS = [
  '-',
  'https://www.baidu.com/s?wd=tally',
  'https://www.google.com/',
  'https://weibo.com/u/1',
  'https://bench.example/',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 30 days before now, one row every 2.5 s: a busy site's month. */
const START = Date.now() - 30 * 86_400_000;
const VISITORS = 50_000;

async function writeRows(file, header, row) {
  const out = createWriteStream(file);
  if (header) out.write(`${header}\n`);
  let buf = '';
  for (let i = 0; i < ROWS; i++) {
    buf += `${row(i)}\n`;
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return file;
}

const p2 = (n) => String(n).padStart(2, '0');
function logLine(i) {
  // Four page views a visit, as a real site has a few.
  const v = (Math.floor(i / 4) * 7919) % VISITORS;
  const at = new Date(START + i * 2500 + 8 * 3_600_000);
  const time = `${p2(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${p2(at.getUTCHours())}:${p2(at.getUTCMinutes())}:${p2(at.getUTCSeconds())} +0800`;
  const ip = `${[61, 120, 202, 8][v % 4]}.${(v >> 2) % 250}.${(v >> 4) % 250}.${v % 250}`;
  return `${ip} - - [${time}] "GET /page/${i % 200}?ref=${i % 7} HTTP/1.1" 200 5120 "${REFS[i % REFS.length]}" "${UAS[v % UAS.length]}"`;
}

const UMAMI_HEADER =
  'event_id,website_id,session_id,visit_id,created_at,url_path,url_query,utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_path,referrer_query,referrer_domain,page_title,gclid,fbclid,msclkid,ttclid,li_fat_id,twclid,event_type,event_name,tag,hostname';
function umamiRow(i) {
  // Four page views a visit, as a real site has a few.
  const v = (Math.floor(i / 4) * 7919) % VISITORS;
  const at = new Date(START + i * 2500).toISOString().replace('T', ' ').replace('Z', '+00');
  const ref = ['', 'www.google.com', 'www.baidu.com', 'news.example.org'][i % 4];
  const type = i % 20 === 0 ? 2 : 1;
  return `e${i},w1,s${v},v${v},${at},/page/${i % 200},,,,,,,${ref ? '/search' : ''},,${ref},Page ${i % 200},,,,,,,${type},${type === 2 ? 'signup' : ''},,bench.example`;
}
const SESSION_HEADER =
  'session_id,website_id,browser,os,device,screen,language,country,region,city,distinct_id,created_at';
const BROWSERS = [
  ['chrome', 'Windows 10', 'desktop'],
  ['ios', 'iOS', 'mobile'],
  ['safari', 'Mac OS', 'laptop'],
  ['chrome', 'Android OS', 'mobile'],
];
const sessionRow = (v) => {
  const [b, os, d] = BROWSERS[v % 4];
  return `s${v},w1,${b},${os},${d},1920x1080,zh-CN,${['CN', 'US', 'DE', 'JP'][v % 4]},,,,2026-01-01 00:00:00+00`;
};

/** The import process running now: stopped with the rest when the bench is interrupted. */
let child;

async function importVia(env, siteId, kind, files) {
  // BENCH_NODE_ARGS: flags for the importing process (`--cpu-prof` to see where the time goes).
  const flags = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  child = spawn(
    'node',
    [...flags, path.join(serverDist, 'cli.js'), 'import', '--site', String(siteId), '--kind', kind, ...files],
    { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d) => {
    out += d;
  });
  const [code] = await once(child, 'exit');
  child = undefined;
  const m = /(\d+) rows in ([\d.]+) s \((\d+) rows\/s\)/.exec(out);
  if (code !== 0 || !m) throw new Error(`tally import exited ${code}: ${out.trim().slice(-2000)}`);
  console.log(out.split('\n').find((l) => l.includes('rows/s')));
  return { rows: Number(m[1]), seconds: Number(m[2]), rate: Number(m[3]) };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dir = tempDir('tally-bench-import-');
const results = [];
let failed = false;
let pg;
let db;
let stopped = false;
/** Stops what this run started, once: the import process, the bench database, the cluster, the files. */
async function cleanUp() {
  if (stopped) return;
  stopped = true;
  child?.kill('SIGKILL');
  await db?.drop().catch((err) => console.error(`dropping the bench database: ${err.message}`));
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    console.error(`${signal}: stopping the import, the database and the files`);
    cleanUp().finally(() => process.exit(130));
  });

try {
  pg = await postgres(55451);
  console.log(`generating ${ROWS.toLocaleString('en')} log lines and Umami rows in ${dir}`);
  const log = await writeRows(path.join(dir, 'access.log'), undefined, logLine);
  const events = await writeRows(path.join(dir, 'website_event.csv'), UMAMI_HEADER, umamiRow);
  const sessionsFile = createWriteStream(path.join(dir, 'session.csv'));
  sessionsFile.write(`${SESSION_HEADER}\n`);
  for (let v = 0; v < VISITORS; v++) sessionsFile.write(`${sessionRow(v)}\n`);
  sessionsFile.end();
  await once(sessionsFile, 'finish');

  db = await benchDatabase(pg.url, 'tally_bench_import');
  const env = { DATABASE_URL: db.url, DATA_DIR: path.join(dir, 'data') };
  const logSite = await seedSite(env.DATA_DIR, db.url);
  const umamiSite = await seedSite(env.DATA_DIR, db.url);
  for (const [name, siteId, kind, files] of [
    ['access log (combined)', logSite.siteId, 'log', [log]],
    ['Umami website_event + session', umamiSite.siteId, 'umami', [events, path.join(dir, 'session.csv')]],
  ]) {
    const before = load();
    const r = await importVia(env, siteId, kind, files);
    const ok = r.rate >= GOAL;
    if (!ok) failed = true;
    results.push({
      file: name,
      rows: r.rows.toLocaleString('en'),
      seconds: r.seconds,
      'rows/s': r.rate.toLocaleString('en'),
      'of goal': `${(r.rate / GOAL).toFixed(2)}× ${ok ? 'ok' : 'MISSED'}`,
      'load before → after': `${before} → ${load()}`,
    });
  }
} catch (err) {
  failed = true;
  console.error(`bench failed: ${err.stack ?? err}`);
} finally {
  await cleanUp();
}
if (results.length > 0) printTable(results);
console.log(
  `goal: ≥ ${GOAL.toLocaleString('en')} rows/s per file on PostgreSQL (${availableParallelism()} cores)`,
);
process.exitCode = failed ? 1 : 0;
