import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_BASE, MOCK_DATA_MARKER, MOCK_MESSAGE } from './contract';
import { MOCK_TOKENS } from './permissions';

const webRoot = resolve(import.meta.dirname, '../..');
const dist = join(webRoot, 'dist');

/**
 * What would betray the mocks in a bundle: their paths and data, and msw itself. The seed's 60204 text
 * is also Tally's own sign-in refusal, which the app translates, so only the mocks' other messages count.
 */
const TRACES: (string | RegExp)[] = [
  MOCK_BASE.slice(1),
  MOCK_DATA_MARKER,
  ...Object.values(MOCK_MESSAGE).filter((message) => message !== MOCK_MESSAGE.BAD_LOGIN),
  ...Object.values(MOCK_TOKENS),
  'mockServiceWorker',
  '[MSW]',
  'mswjs',
  /\bmsw\b/,
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * A file's content as served: the precompressed copies (`.br`, `.gz`) unpacked, so they are searched
 * like their originals (their compressed bytes would match a short word like `msw` by chance).
 */
function contentOf(file: string): Buffer {
  const bytes = readFileSync(file);
  if (file.endsWith('.br')) return brotliDecompressSync(bytes);
  if (file.endsWith('.gz')) return gunzipSync(bytes);
  return bytes;
}

/** `file: trace` for every trace found in any file of `dir` (names included). */
function tracesIn(dir: string): string[] {
  const found: string[] = [];
  for (const file of files(dir)) {
    const name = relative(dir, file);
    const text = `${name}\n${contentOf(file).toString('latin1')}`;
    for (const trace of TRACES) {
      if (typeof trace === 'string' ? text.includes(trace) : trace.test(text)) {
        found.push(`${name}: ${trace}`);
      }
    }
  }
  return found;
}

function viteBuild(args: string[]): void {
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
  const { NODE_ENV: _testEnv, ...env } = process.env;
  const run = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', ...args], {
    cwd: webRoot,
    encoding: 'utf8',
    env,
  });
  if (run.status !== 0) throw new Error(`vite build ${args.join(' ')} failed:\n${run.stderr}`);
}

describe('the production bundle carries no mocks', () => {
  const controlDir = mkdtempSync(join(tmpdir(), 'tally-mock-build-'));

  beforeAll(() => {
    // scripts/test.mjs builds before the web tests; on its own this file builds what is missing.
    if (!existsSync(join(dist, 'index.html'))) viteBuild([]);
    // The control: the same sources built in mock mode, where the mocks must show.
    viteBuild(['--mode', 'mock', '--outDir', controlDir, '--emptyOutDir']);
  }, 180_000);

  afterAll(() => rmSync(controlDir, { recursive: true, force: true }));

  it('finds no vue-element-admin path, no mock data and no msw in apps/web/dist', () => {
    expect(tracesIn(dist)).toEqual([]);
    expect(files(dist).some((file) => file.endsWith('mockServiceWorker.js'))).toBe(false);
  });

  it('does find them in a mock-mode build, so the search can see what it looks for', () => {
    const found = tracesIn(controlDir);
    for (const trace of TRACES) expect(found.some((line) => line.endsWith(`: ${trace}`))).toBe(true);
  });
});
