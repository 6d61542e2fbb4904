// A second Tally process for the chain watcher's rate test: the app's services on the given database,
// running watcher cycles until the deadline, then printing how many ran and how many found the
// chain taken by another process (`ran N skipped M`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServices } from '../src/app.js';
import { openPostgres } from '../src/db/client.js';
import { testConfig } from './app.js';
import { cycleUntil, quietLog } from './chain-watch.js';

const [url, deadline] = process.argv.slice(2) as [string, string];
const config = testConfig(mkdtempSync(path.join(tmpdir(), 'tally-cw-')), { ROLE: 'serve' });
const db = await openPostgres(url, 3, () => undefined);
const services = createServices({ config, db }, quietLog);
console.log('ready');
const { ran, skipped } = await cycleUntil(services.chainWatcher, Number(deadline));
console.log(`ran ${ran} skipped ${skipped}`);
await db.close();
rmSync(config.dataDir, { recursive: true, force: true });
process.exit(0);
