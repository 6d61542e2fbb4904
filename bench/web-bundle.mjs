#!/usr/bin/env node
/**
 * Gzipped JavaScript of the first load of /login and /dashboard (issue 3 targets: ≤ 200 KB and
 * ≤ 450 KB), against the whole build's gzipped JavaScript as baseline.
 *
 * Builds nothing: run `npm run build -w apps/web` first. The Vite manifest (build.manifest) names
 * the entry chunk, the lazy page each route renders, and every chunk those import statically;
 * that closure is what the browser fetches before the route can paint.
 *
 * Usage: node bench/web-bundle.mjs [--check] [distDir]   (--check: exit code 1 when a target is missed)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const check = args.includes('--check');
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? 'apps/web/dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`no ${manifestPath}: run \`npm run build -w apps/web\` first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const KB = 1024;
/** Lazy modules a route renders on first paint, besides the entry (see apps/web/src/app/router.tsx). */
const ROUTES = [
  { path: '/login', lazy: ['src/features/auth/pages/login-page.tsx'], targetKb: 200 },
  { path: '/dashboard', lazy: ['src/app/antd-scope.tsx', 'src/layout/main-layout.tsx'], targetKb: 450 },
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('manifest has no entry chunk');

/** The chunk files of `keys` and everything they import statically. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest: did the route table move it?`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

const gzipCache = new Map();
function gzipped(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipCache.get(file);
}
const sum = (files) => [...files].reduce((total, file) => total + gzipped(file), 0);

const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const total = sum(assets.map((f) => `assets/${f}`));

console.log(`whole build: ${assets.length} JS files, ${(total / KB).toFixed(1)} KB gzipped (baseline)`);
let missed = false;
for (const route of ROUTES) {
  const files = closure([entryKey, ...route.lazy]);
  const bytes = sum(files);
  const ok = bytes <= route.targetKb * KB;
  missed ||= !ok;
  console.log(
    `${route.path.padEnd(11)} ${(bytes / KB).toFixed(1).padStart(6)} KB gzipped in ${String(files.size).padStart(2)} chunks` +
      `  target ≤ ${route.targetKb} KB ${ok ? 'ok' : 'MISSED'}  ratio to whole build ${(bytes / total).toFixed(3)}`,
  );
}
process.exit(check && missed ? 1 : 0);
