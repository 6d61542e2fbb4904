import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './support/accounts';
import { CHROMIUM } from './support/chromium.mjs';

/**
 * Browser suite against the real server and the built app (`npm run build` first). Debian's
 * Chromium, never a downloaded one; the flags keep it off this machine's closed network.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: `../.tmp/e2e-${E2E_PORT}/results`,
  // Waits, not speed checks: in `npm test` two shards, each with its own server and Chromium, share
  // the machine's 2 cores, and under that load a 25 s scenario (short-links.spec.ts) ran past a 30 s
  // limit in CI and a page took more than 7 s to follow a click (share-client.spec.ts). A slow page
  // still fails, a minute later; nothing here measures speed (bench/ does).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  globalSetup: './support/global-setup.ts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    // The app turns antd's animations off for it: no click lands on a half-faded overlay.
    reducedMotion: 'reduce',
    // Off unless E2E_TRACE=1: recording a trace (a screencast and a DOM snapshot per action) for every
    // test, passing or not, cost 2.4× the CPU of the same page loads untraced on these machines, and CI
    // keeps only the log (scripts/e2e-failure-context.mjs prints each failure's page there).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: CHROMIUM,
  },
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: '..',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
