// The app as another Tally process builds it on the same database, for the cross-process Telegram
// tests (test/telegram-process.ts, test/telegram-sender.ts, telegram.processes.test.ts).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuildOptions, buildApp, type Services } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { openPostgres } from '../src/db/client.js';

/**
 * The app on `url` with a pool (and lock connection) of its own, ready; `close` ends both and removes the
 * config's data directory (every caller's is a throwaway one). A process killed instead leaves its own.
 */
export async function appOnDatabase(url: string, config: Config, opts: Partial<BuildOptions> = {}) {
  const db = await openPostgres(url, 3, () => undefined);
  const { app, services } = await buildApp({ config, db, ...opts });
  await app.ready();
  await Promise.all([services.jobs.ready(), services.telegramRuntime.ready()]);
  return {
    services: services as Services,
    close: async () => {
      await app.close();
      await db.close();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A child process's configuration: its own data directory, silent, on the fake Bot API. */
export function childConfig(apiRoot: string, env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tally-tg-'));
  return loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    TELEGRAM_API_ROOT: apiRoot,
    ...env,
  });
}
