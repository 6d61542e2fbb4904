import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@tally/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      '../../packages/contracts/src/**/*.test.ts',
      '../../scripts/**/*.test.mjs',
    ],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Each worker imports the app once for all its files instead of once a file: the imports were a
    // fifth of the suite's worker time (287 of 1,288 s on PGlite in CI). Every file builds its own app
    // and database; what modules keep between files is caches of constant data (host lists, time
    // zones, the IP region file), spies are on a file's own app objects, and the one on a class
    // (test/pglite-crash.ts) restores itself.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
