// A second Tally process for the Telegram takeover test: the app on the given database (worker role,
// so it polls), printing `holding <botId>` once its poller holds the bot's lock. Killed with SIGKILL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres } from '../src/db/client.js';

const [url, apiRoot, botId] = process.argv.slice(2) as [string, string, string];
const dataDir = mkdtempSync(path.join(tmpdir(), 'tally-tg-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'test-secret-test-secret-test-secret-0123',
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(dataDir, 'no-web'),
  TELEGRAM_API_ROOT: apiRoot,
});
const db = await openPostgres(url, 3, () => undefined);
const { app, services } = await buildApp({
  config,
  db,
  telegram: { pollerRetryMs: 200, pollTimeoutSeconds: 1 },
});
await app.ready();
const timer = setInterval(() => {
  if (services.telegramRuntime.polling(Number(botId))) {
    console.log(`holding ${botId}`);
    clearInterval(timer);
  }
}, 50);
