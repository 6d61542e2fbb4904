// Durability of acknowledged hits: load the collect endpoint, SIGKILL the server mid-run, reopen the
// database and check that every hit that got a 2xx is stored. PGlite and PostgreSQL.
// Usage: npm run build && node bench/collect-kill.mjs [seconds-before-kill=4] [concurrency=64]
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { hitFactory, postgres, seedSite, withDatabase } from './collect-lib.mjs';
import { printTable, serverDist, tempDir, waitForHealth } from './lib.mjs';

const killAfterMs = Number(process.argv[2] ?? 4) * 1000;
const concurrency = Number(process.argv[3] ?? 64);

async function trial(backend, databaseUrl, port) {
  const dataDir = tempDir(`tally-bench-kill-${backend}-`);
  const { key, siteId } = await seedSite(dataDir, databaseUrl);
  const child = spawn(process.execPath, [path.join(serverDist, 'cli.js'), 'serve'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'fatal',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);

  // Every hit carries a unique page id; the ids of 2xx answers are what must survive.
  const acked = [];
  let sent = 0;
  let failed = 0;
  let running = true;
  const next = hitFactory(key);
  const worker = async () => {
    while (running) {
      const hit = next();
      sent += 1;
      try {
        const res = await fetch(`${url}/api/collect`, {
          method: 'POST',
          headers: hit.headers,
          body: hit.body,
        });
        if (res.status === 204) acked.push(hit.n.toString(36));
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  await new Promise((r) => setTimeout(r, killAfterMs));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  running = false;
  await Promise.all(workers);

  // Reopening is also the restart check: PGlite recovers its WAL, the stale lock is taken over.
  const stored = await withDatabase(dataDir, databaseUrl, async (_s, db) => {
    const rows = await db.query('select page_id from events where site_id = $1', [siteId]);
    return new Set(rows.map((r) => r.page_id));
  });
  rmSync(dataDir, { recursive: true, force: true });
  const missing = acked.filter((id) => !stored.has(id));
  return {
    backend,
    sent,
    acknowledged: acked.length,
    'unanswered (killed)': failed,
    stored: stored.size,
    'acked but missing': missing.length,
  };
}

const rows = [await trial('PGlite', undefined, 18961)];
const pg = await postgres(55450);
if (pg) {
  try {
    rows.push(await trial('PostgreSQL', pg.url, 18962));
  } finally {
    pg.stop();
  }
} else console.log('No PostgreSQL (set BENCH_DATABASE_URL or install postgresql): PostgreSQL trial missing.');
printTable(rows);
const lost = rows.reduce((n, r) => n + r['acked but missing'], 0);
const proved = rows.every((r) => r.acknowledged > 0 && r['unanswered (killed)'] > 0);
console.log(
  lost === 0 && proved
    ? 'OK: every acknowledged hit is stored after SIGKILL'
    : `FAILED: ${lost} acknowledged hits lost${proved ? '' : ' (or the kill did not land mid-load)'}`,
);
process.exitCode = lost === 0 && proved ? 0 : 1;
