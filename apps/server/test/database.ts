import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';

/** Where global set-up leaves the migrated PGlite snapshot for every test file to load. */
export const SNAPSHOT_FILE = path.resolve(import.meta.dirname, '../../../.tmp/pglite-snapshot.tar.gz');
export const TEMPLATE_DB = 'tally_test_template';

export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || undefined;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  db: Database;
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a PGlite restored from the snapshot, or a PostgreSQL
 * database copied from the migrated template (both far faster than migrating again).
 */
export async function freshDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl()) {
    const snapshot = new Blob([await readFile(SNAPSHOT_FILE)]);
    return { db: await openPglite({ snapshot }), drop: async () => undefined };
  }
  return newPostgresDatabase(`template ${TEMPLATE_DB}`);
}

/** A database without any table, not even the migrations' (a test of the migrations themselves). */
export async function emptyDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl()) return { db: await openPglite({}), drop: async () => undefined };
  return newPostgresDatabase('');
}

async function newPostgresDatabase(options: string): Promise<TestDatabase> {
  const name = `tally_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} ${options}`);
  // Dropping the database ends connections the pool is still closing; that is expected here.
  const own = withDatabase(testDatabaseUrl()!, name);
  const db = await openPostgres(own, 5, () => undefined);
  return { db, url: own, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}
