// Starting on a busy machine (issue 25): the built server on a PGlite data directory that a kill -9
// left, started while busy loops spin (4 per core by default), must answer /healthz and serve a read and
// a hit, 3 times out of 3. The job queue's and the bots' starts used to run in Fastify `onReady` hooks,
// which get 10 s: at load 20–45, starts (restarts after kill -9 included) exited with
// `A callback for 'onReady' hook timed out`, so a supervisor restarted the server into the same failure.
// Usage: npm run build && node bench/busy-start.mjs [tries=3] [loops-per-core=4]
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hitFactory, seedSite } from './collect-lib.mjs';
import { printTable, serverDist, tempDir } from './lib.mjs';

const tries = Number(process.argv[2] ?? 3);
const loopsPerCore = Number(process.argv[3] ?? 4);
/** How long one start may take before the try counts as failed. */
const TRY_LIMIT_MS = 60_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Child processes spinning, `perCore` for each core. */
function busyLoops(perCore) {
  return Array.from({ length: perCore * availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

const dataDir = tempDir('tally-busy-start-');
const { key } = await seedSite(dataDir, undefined);
const nextHit = hitFactory(key);
const post = (base) => {
  const hit = nextHit();
  return fetch(`${base}/api/collect`, { method: 'POST', headers: hit.headers, body: hit.body }).then(
    (r) => r.status,
    () => 0,
  );
};

async function startServer() {
  const port = await freePort();
  const { DATABASE_URL: _, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(serverDist, 'cli.js'), 'serve'], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

/** Polls until the server answers /healthz, then serves a read and a hit: when each came, in ms. */
async function served(server) {
  const began = Date.now();
  const seen = {
    healthz: undefined,
    'jobs then': undefined,
    api: undefined,
    hit: undefined,
    ready: undefined,
  };
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  while (Date.now() - began < TRY_LIMIT_MS && alive()) {
    const health = await fetch(`${server.base}/healthz`).then(
      async (r) => ({ status: r.status, body: await r.json() }),
      () => undefined,
    );
    if (health && seen.healthz === undefined) {
      seen.healthz = Date.now() - began;
      seen['jobs then'] = health.body.jobs?.state ?? (health.body.checks?.queue ? 'ready' : '?');
    }
    if (health?.status === 200) seen.ready ??= Date.now() - began;
    if (health && seen.api === undefined) {
      const res = await fetch(`${server.base}/api/v1/api2/setting/public`).catch(() => undefined);
      if (res?.status === 200 && (await res.json()).code === 200) seen.api = Date.now() - began;
    }
    if (seen.api !== undefined && seen.hit === undefined && (await post(server.base)) === 204)
      seen.hit = Date.now() - began;
    if (seen.hit !== undefined && seen.ready !== undefined) return { ok: true, ...seen };
    await sleep(200);
  }
  return { ok: false, ...seen, exit: server.child.exitCode ?? server.child.signalCode };
}

/** A little load (hits and reads) for `ms`, then kill -9 in the middle of it. */
async function killUnderLoad(server, ms) {
  let running = true;
  const worker = async () => {
    while (running) {
      await Promise.all([
        post(server.base),
        fetch(`${server.base}/api/v1/api2/setting/public`).then((r) => r.text()),
      ]).catch(() => undefined);
    }
  };
  const load = Array.from({ length: 4 }, worker);
  await sleep(ms);
  const gone = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await gone;
  running = false;
  await Promise.all(load);
}

const rows = [];
let spinners = [];
let server;
try {
  // The directory a kill -9 left: a server that served a little load, killed in the middle of it.
  server = await startServer();
  const first = await served(server);
  if (!first.ok) throw new Error(`the first start (no busy loops) failed:\n${server.output().slice(-3000)}`);
  await killUnderLoad(server, 500);

  for (let i = 1; i <= tries; i++) {
    spinners = busyLoops(loopsPerCore);
    server = await startServer();
    const result = await served(server);
    for (const p of spinners) p.kill('SIGKILL');
    spinners = [];
    rows.push({ try: i, ...result });
    if (!result.ok) {
      console.log(`try ${i} failed; the server said:\n${server.output().slice(-3000)}`);
      break;
    }
    await killUnderLoad(server, 300);
  }
} finally {
  for (const p of spinners) p.kill('SIGKILL');
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    const gone = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await gone;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `${loopsPerCore} busy loops per core (${loopsPerCore * availableParallelism()}), times in ms from spawn:`,
);
printTable(rows);
const passed = rows.filter((r) => r.ok).length;
console.log(
  passed === tries
    ? `OK: answered /healthz and served in ${passed} of ${tries} starts after kill -9 under CPU pressure`
    : `FAILED: ${passed} of ${tries} starts answered and served`,
);
process.exitCode = passed === tries ? 0 : 1;
