#!/usr/bin/env node
// `npm start`: starts Tally from the build, building first only when the build is missing or older
// than the sources. "Older" is decided by a hash of the build's inputs, not by mtimes, which a git
// checkout or a copy resets. `npm run build` ends with `--mark-built`, which records the hash.
//
//   node scripts/start.mjs [cli args]   build if needed, then run apps/server/dist/cli.js (none: serve)
//   node scripts/start.mjs --mark-built record the current inputs as built
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Everything `npm run build` reads (folders are walked; dist and node_modules are not inputs). */
export const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'scripts/precompress.mjs',
  'packages/contracts',
  'packages/tracker',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/pure-contracts.ts',
];
/** What `serve` needs from the build; the stamp lives in the server's output, so it goes with it. */
export const BUILD_OUTPUTS = [
  'apps/server/dist/cli.js',
  'packages/tracker/dist/tj.js',
  'apps/web/dist/index.html',
];
export const STAMP = 'apps/server/dist/.build-inputs';

const SKIP = new Set(['node_modules', 'dist', '.tsbuild', '.tsbuild-test']);

function listFiles(root, rel, out) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    out.push(rel);
    return;
  }
  for (const name of readdirSync(full)) {
    if (SKIP.has(name) || name.endsWith('.tsbuildinfo')) continue;
    listFiles(root, path.join(rel, name), out);
  }
}

/** sha256 over the inputs' paths and contents. */
export function inputsHash(root = ROOT, inputs = BUILD_INPUTS) {
  const files = [];
  for (const rel of inputs) listFiles(root, rel, files);
  const hash = createHash('sha256');
  for (const rel of files.sort()) {
    hash.update(`${rel.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** 'current' when the outputs exist and were built from exactly these inputs; else why a build is due. */
export function buildState(
  root = ROOT,
  { inputs = BUILD_INPUTS, outputs = BUILD_OUTPUTS, stamp = STAMP } = {},
) {
  const missing = outputs.find((rel) => !existsSync(path.join(root, rel)));
  if (missing) return `not built (${missing} is missing)`;
  const stampFile = path.join(root, stamp);
  if (!existsSync(stampFile)) return 'built without a record of its sources';
  return readFileSync(stampFile, 'utf8').trim() === inputsHash(root, inputs) ? 'current' : 'sources changed';
}

/** The CLI's arguments: `npm start` alone serves (the CLI itself wants its command named). */
export const cliArgs = (args) => (args.length > 0 ? args : ['serve']);

export function markBuilt(root = ROOT, { inputs = BUILD_INPUTS, stamp = STAMP } = {}) {
  writeFileSync(path.join(root, stamp), `${inputsHash(root, inputs)}\n`);
}

async function main(args) {
  if (args[0] === '--mark-built') {
    markBuilt();
    return;
  }
  const state = buildState();
  if (state === 'current') {
    console.log('start: the build is current');
  } else {
    console.log(`start: building (${state})`);
    // `npm run build` records the inputs itself when it succeeds.
    const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
  // The CLI reads its command from argv. It runs in this process, so signals reach the server's own
  // shutdown handlers directly.
  process.argv = [process.argv[0], path.join(ROOT, 'apps/server/dist/cli.js'), ...cliArgs(args)];
  await import(pathToFileURL(path.join(ROOT, 'apps/server/dist/cli.js')).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
