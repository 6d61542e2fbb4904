import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { Jobs } from '../src/jobs/index.js';
import { adminQuery, SNAPSHOT_FILE, TEMPLATE_DB, testDatabaseUrl, withDatabase } from './database.js';

/** Creates pg-boss's schema too, so test files start from a database that needs no set-up at all. */
async function prepare(db: Database) {
  await db.migrate();
  const jobs = new Jobs(db, { runWorkers: false, log: pino({ level: 'silent' }) });
  await jobs.start();
  await jobs.stop();
}

export default async function setup() {
  const url = testDatabaseUrl();
  if (!url) {
    const db = await openPglite({});
    await prepare(db);
    const dump = await db.dump!();
    await mkdir(path.dirname(SNAPSHOT_FILE), { recursive: true });
    // Written aside and renamed: another suite in the same checkout may be loading the snapshot.
    const partial = `${SNAPSHOT_FILE}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, SNAPSHOT_FILE);
    await db.close();
    return;
  }
  await adminQuery(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await adminQuery(`create database ${TEMPLATE_DB}`);
  const db = await openPostgres(withDatabase(url, TEMPLATE_DB), 2);
  await prepare(db);
  await db.close();
}
