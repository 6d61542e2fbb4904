import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that pick their database themselves, whatever TEST_DATABASE_URL says: the command line and the
 * server's start on PGlite data directories, PGlite's thread, and a PostgreSQL cluster of its own that
 * is restarted. The PostgreSQL pass (TEST_DATABASE_URL set) would run them a second time, alike: 160 s
 * of its 580 s of test time in CI. They run in the PGlite pass.
 */
const OWN_DATABASE = [
  'src/cli.test.ts',
  'src/server.test.ts',
  'src/db/pglite-thread.test.ts',
  'test/pg-restart.test.ts',
];

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
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? OWN_DATABASE : [])],
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
