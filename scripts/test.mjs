// The full test suite (README's test command): build, server suite on PGlite and on PostgreSQL,
// web unit tests, browser tests. Prints one closing line: "tests: N passed, M failed".
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { printFailureContexts } from './e2e-failure-context.mjs';
import { e2eShards } from './e2e-shards.mjs';
import { startTempPostgres } from './pg-temp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0 };
const failedSteps = [];
/**
 * Each failed test's name and the head of its error, printed again at the very end: CI keeps only the
 * tail of a long log, where the steps' own reports have scrolled away. The head is a dozen lines, not
 * one: a deep-equality failure's first line says only that, its diff follows.
 */
const failedTests = [];
const errorHead = (text = '') =>
  text
    // Terminal colours (ESC [ … m) that the reporters keep in messages.
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 12)
    .map((line) => line.slice(0, 240))
    .join('\n    ');

function step(name, cmd, args, env = {}, cwd = root) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${res.status === 0 ? 'ok' : `exit ${res.status}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (res.status !== 0) failedSteps.push(name);
  return res.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  for (const file of r.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const where = path.relative(root, file.name);
      failedTests.push(`${where} › ${test.fullName}: ${errorHead(test.failureMessages?.[0])}`);
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.stats.expected + (r.stats.flaky ?? 0);
  totals.failed += r.stats.unexpected;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failedTests.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}: ${errorHead(error)}`);
      }
    }
    // A file's own suite is named after the file, which `spec.file` already gives: only nested titles.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
}

function vitest(name, cwd, report, env = {}) {
  step(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    cwd,
  );
  countVitest(report);
}

if (!step('build', 'npm', ['run', 'build'])) {
  console.log('\ntests: 0 passed, 1 failed');
  process.exit(1);
}

const server = path.join(root, 'apps/server');
vitest('server suite on PGlite', server, path.join(reports, 'server-pglite.json'), { TEST_DATABASE_URL: '' });

let pg;
let pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  pg = startTempPostgres();
  pgUrl = pg?.url;
}
if (pgUrl) {
  try {
    vitest('server suite on PostgreSQL', server, path.join(reports, 'server-postgres.json'), {
      TEST_DATABASE_URL: pgUrl,
    });
  } finally {
    pg?.stop();
  }
} else {
  console.log(
    '\n!!! No PostgreSQL found (set TEST_DATABASE_URL or install postgresql): the PostgreSQL run is missing.',
  );
  failedSteps.push('server suite on PostgreSQL (no server)');
  totals.failed += 1;
}

// Durability is a property of the running product, so it is checked on the built server: SIGKILL under
// load must lose no acknowledged hit (PGlite and PostgreSQL).
/** A step that is one test: it passes or fails as a whole. */
function check(name, args, env = {}) {
  if (step(name, 'node', args, env)) totals.passed += 1;
  else totals.failed += 1;
}

check(
  'collect durability under SIGKILL',
  ['bench/collect-kill.mjs'],
  process.env.TEST_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
);
// Starting on a busy machine: a PGlite directory a kill -9 left, 4 busy loops per core; /healthz must
// answer and the API serve in 3 starts of 3 (the job queue and bots start in the background).
check('start under CPU pressure after kill -9', ['bench/busy-start.mjs']);
// Memory under a mixed load, 4 minutes with both backends at once: no errors, and no gross leak. The
// window after warm-up is 2 minutes: with one minute (2 minutes per backend, one after the other) the
// heap's rise and fall between collections alone read from 22 to 131 MB/min on clean CI runs without a
// leak (10 minutes measured -0.14). It still cannot see a leak as small as PGlite's old kept replies
// (about 14 MB a minute at this load): pglite-thread.test.ts checks that one sharply, and
// `node bench/soak.mjs 10` measures the slope.
check(
  'memory under a mixed load (soak)',
  ['bench/soak.mjs', '4', '--warmup=120', '--max-slope=50', '--together'],
  process.env.TEST_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
);
// The outside attack repeated: bad inputs and fuzzed fields on every documented route, no 5xx.
check('no 5xx under attack inputs', ['bench/attack.mjs']);
// Bytes and requests, not time, so a fixed budget is safe to enforce: cold loads in Chromium of /login
// (≤ 160 KB), both /dashboards and /site/overview (≤ 450 KB) and the heaviest back-office page (≤ 500 KB
// until its 450 KB goal holds), each ≤ 40 requests.
check('first-load budget', ['bench/web-bundle.mjs', '--check']);

if (existsSync(path.join(root, 'apps/web/vitest.config.ts'))) {
  vitest('web unit tests', path.join(root, 'apps/web'), path.join(reports, 'web.json'));
}

if (existsSync(path.join(root, 'e2e/playwright.config.ts'))) await browserTests();

/**
 * The browser suite in E2E_SHARDS (default 2) shards of spec files at once, cut by the files' measured
 * seconds (scripts/e2e-shards.mjs), each against its own server, database, fake Telegram and mail
 * folder on its own port (E2E_PORT, +10, …), so no shard sees another's changes. Each shard's output
 * is kept and printed whole once it ends, not interleaved.
 */
async function browserTests() {
  const name = 'browser tests (Playwright, Chromium)';
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
  const basePort = Number(process.env.E2E_PORT ?? 18089);
  // A shard without files would be given no file patterns, and Playwright would run every spec in it.
  const planned = e2eShards(shards).filter((files) => files.length > 0);
  console.log(`\n=== ${name}: ${planned.length} shard(s) at once`);
  const started = Date.now();
  const runs = planned.map((files, i) => {
    const report = path.join(reports, `e2e-${i + 1}.json`);
    const args = ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'];
    // Playwright reads each as a pattern over the file's path: the `specs/` prefix keeps billing.spec.ts
    // from also matching screenshots-billing.spec.ts.
    if (planned.length > 1) args.push(...files.map((file) => `specs/${file}`));
    const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_PORT: String(basePort + 10 * i) };
    return {
      label: `shard ${i + 1}/${planned.length}`,
      report,
      done: runLogged('npx', args, env, `${report}.log`),
    };
  });
  let ok = true;
  for (const run of runs) {
    const { status, seconds, log } = await run.done;
    console.log(`\n--- ${run.label} (${seconds.toFixed(1)} s, exit ${status})\n${log}`);
    countPlaywright(run.report);
    if (status !== 0) {
      ok = false;
      printFailureContexts(run.report);
    }
  }
  console.log(`=== ${name}: ${ok ? 'ok' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failedSteps.push(name);
}

/** Runs a command with its output to `logFile`; its exit status, duration and output once it ends. */
function runLogged(cmd, args, env, logFile) {
  const started = Date.now();
  const out = openSync(logFile, 'w');
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      closeSync(out);
      resolve({ status, seconds: (Date.now() - started) / 1000, log: readFileSync(logFile, 'utf8') });
    });
  });
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `- ${t}`).join('\n')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
