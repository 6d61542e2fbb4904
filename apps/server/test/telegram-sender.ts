// A Tally process for the cross-process pacing test: the app on the given database (serve role: no
// pollers, no job workers), which on "go" (stdin) sends one message to each listed group through
// the groups service (the same paced sender as reports and notices), then prints "done".
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres } from '../src/db/client.js';

const [url, apiRoot, limits, groups, actorId] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const dataDir = mkdtempSync(path.join(tmpdir(), 'tally-tg-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'test-secret-test-secret-test-secret-0123',
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(dataDir, 'no-web'),
  TELEGRAM_API_ROOT: apiRoot,
  ROLE: 'serve',
});
const db = await openPostgres(url, 5, () => undefined);
const { app, services } = await buildApp({ config, db, telegram: { limits: JSON.parse(limits) } });
await app.ready();
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'go') continue;
  const actor = { userId: Number(actorId), ip: '127.0.0.1' };
  await Promise.all(
    (JSON.parse(groups) as number[]).map((id, i) =>
      services.telegramChats.send(actor, id, `m${process.pid}-${i}`),
    ),
  );
  console.log('done');
  break;
}
await app.close();
await db.close();
