#!/usr/bin/env node
/**
 * Bytes on the wire of the first load of /login and /dashboard (issue 3 budgets: ≤ 200 KB and
 * ≤ 450 KB), as the built server actually sends them to a browser sending
 * `Accept-Encoding: br, gzip`; the same files fetched with `identity` are the baseline.
 *
 * Builds nothing: run `npm run build` first. Starts `apps/server/dist/cli.js serve` on a free port
 * (or BENCH_PORT) with a throwaway data directory. A route's first load is its HTML, every script and
 * stylesheet the HTML names, and the lazy page the route renders with all it imports statically (the
 * Vite manifest, build.manifest) and its CSS: what the browser fetches before the route can paint.
 *
 * Usage: node bench/web-bundle.mjs [--check]   (--check: exit code 1 when a budget is missed)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cpuMs } from './lib.mjs';

const check = process.argv.includes('--check');
const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath) || !existsSync(join(root, 'apps/server/dist/cli.js'))) {
  console.error('no build: run `npm run build` first');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const KB = 1024;
/** Lazy modules a route renders on first paint, besides the entry (see apps/web/src/app/router.tsx). */
const ROUTES = [
  { path: '/login', lazy: ['src/features/auth/pages/login-page.tsx'], targetKb: 200 },
  { path: '/dashboard', lazy: ['src/app/antd-scope.tsx', 'src/layout/main-layout.tsx'], targetKb: 450 },
];

/** The files of `keys` and everything they import statically, with their CSS. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest: did the route table move it?`);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

/** What the HTML makes the browser fetch at once: scripts, preloads, stylesheets on this server. */
function htmlAssets(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"]+)"/g)) {
    if (/\.(js|css)$/.test(m[1])) urls.add(m[1]);
  }
  return urls;
}

/** GET as a browser would, counting the body bytes as they arrive (nothing is decompressed). */
function fetchRaw(port, path, encoding) {
  return new Promise((resolveFetch, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { 'accept-encoding': encoding, accept: 'text/html,*/*' } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${path}: HTTP ${res.statusCode}`));
          else
            resolveFetch({
              body: Buffer.concat(chunks),
              encoding: res.headers['content-encoding'] ?? 'identity',
            });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The built server on a throwaway data directory; resolves once it listens. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tally-web-bundle-'));
  // Always the embedded database: the measured bytes do not depend on it.
  const { DATABASE_URL: _pg, ...env } = process.env;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/cli.js'), 'serve'], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: process.env.BENCH_PORT ?? '0',
      LOG_LEVEL: 'info',
      ROLE: 'serve',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolvePort, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(seen);
      if (m) resolvePort(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${seen}`)));
  });
  child.stdout.resume();
  return {
    port,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('manifest has no entry chunk');

const server = await startServer();
let missed = false;
try {
  let requests = 0;
  const cpuBefore = cpuMs(server.pid);
  for (const route of ROUTES) {
    const html = await fetchRaw(server.port, route.path, 'identity');
    const urls = [...htmlAssets(html.body.toString('utf8')), ...closure([entryKey, ...route.lazy])];
    const files = [route.path, ...new Set(urls)];
    let served = 0;
    let plain = 0;
    const encodings = new Set();
    for (const file of files) {
      const wire = await fetchRaw(server.port, file, 'br, gzip');
      const raw = await fetchRaw(server.port, file, 'identity');
      requests += 2;
      served += wire.body.length;
      plain += raw.body.length;
      encodings.add(wire.encoding);
    }
    const ok = served <= route.targetKb * KB;
    missed ||= !ok;
    console.log(
      `${route.path.padEnd(11)} ${(served / KB).toFixed(1).padStart(6)} KB served in ${String(files.length).padStart(2)} responses` +
        ` (${[...encodings].sort().join(', ')})  target ≤ ${route.targetKb} KB ${ok ? 'ok' : 'MISSED'}` +
        `  uncompressed ${(plain / KB).toFixed(1)} KB, ratio ${(served / plain).toFixed(3)}`,
    );
  }
  const cpu = cpuMs(server.pid) - cpuBefore;
  console.log(`server CPU ${(cpu / requests).toFixed(2)} ms per request over ${requests} requests`);
} finally {
  await server.stop();
}
process.exit(check && missed ? 1 : 0);
