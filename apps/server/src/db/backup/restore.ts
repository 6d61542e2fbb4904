import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { type Database, MIGRATIONS_DIR, queryOn } from '../client.js';
import { MonthPartitions } from '../month-partitions.js';
import {
  describeLevel,
  ident,
  journal,
  listTables,
  migrationLevel,
  schemaName,
  serialColumns,
  type TableInfo,
} from './catalog.js';
import { copyIn } from './copy.js';
import { BATCH_ROWS, listFiles, poolOf, SESSION_SETTINGS, secretId } from './dump.js';
import { BackupError, type Header, readBackup, type SequenceValue } from './format.js';
import { mb, n, type Progress, silent } from './progress.js';

/** client.ts's lock around migrations: a server starting meanwhile waits for the restore to commit. */
const MIGRATION_LOCK = 7_114_221;

/** Bytes of rows per `COPY … FROM` (sent to the server, or PGlite's thread, as one message). */
const BATCH_BYTES = 4 << 20;

/**
 * Tables that hold rows in a database nobody used yet: the free plan, seeded by a migration. They do
 * not make a target "not empty".
 */
const SEEDED = new Set(['plans']);

/** What a backup file holds, read and checked whole (checkBackup). */
export interface BackupContents {
  header: Header;
  tables: { name: string; rows: number }[];
  rows: number;
  files: number;
  fileBytes: number;
  /** Each uploaded file's size and SHA-256, by path. */
  fileList: Map<string, { size: number; sha256: string }>;
  /** Size of the file. */
  bytes: number;
}

/**
 * Reads the whole file and checks it (structure, every section's count and checksum, the end record)
 * and that this build can restore it (it knows the backup's migration level). Writes nothing.
 */
export async function checkBackup(file: string, progress: Progress = silent): Promise<BackupContents> {
  const tables: { name: string; rows: number }[] = [];
  let bytes = 0;
  let files = 0;
  let fileBytes = 0;
  const fileList = new Map<string, { size: number; sha256: string }>();
  let size = 0;
  const header = await readBackup(file, {
    read(done, total) {
      bytes = total;
      progress.update(`checking ${path.basename(file)}: ${mb(done)} of ${mb(total)}`);
    },
    tableEnd: (t) => void tables.push({ name: t.name, rows: t.rows }),
    file(f) {
      size = f.size;
    },
    fileEnd: (f) => void fileList.set(f.path, { size, sha256: f.sha256 }),
    end(e) {
      files = e.files;
      fileBytes = e.file_bytes;
    },
  });
  const level = header.migration;
  if (!journal().some((e) => e.when === level.created_at))
    throw new BackupError(
      `${file} was made by a newer Tally (${header.tally}, schema at ${describeLevel(level)}) than this one knows: restore it with that version or a newer one.`,
    );
  return { header, tables, rows: tables.reduce((s, t) => s + t.rows, 0), files, fileBytes, fileList, bytes };
}

export interface RestoreOptions {
  /** The target: empty, or anything at all with `force`. */
  db: Database;
  /** DATA_DIR: the uploads go to DATA_DIR/files. */
  dataDir: string;
  file: string;
  /** Replace a target that holds data. */
  force?: boolean;
  /** The target's APP_SECRET, compared with the backup's (by digest) for a warning. */
  appSecret: string;
  progress?: Progress;
  /** checkBackup's answer when the caller ran it already (the CLI does, before opening the database). */
  checked?: BackupContents;
}

export interface RestoreSummary {
  contents: BackupContents;
  /** The target's level before, when it had one. */
  before?: Header['migration'];
  /** Migrations run after loading, to bring the backup up to this build. */
  migratedAfter: number;
  /** Whether the target's APP_SECRET is the one the backup was made under. */
  sameSecret: boolean;
  ms: number;
}

/**
 * Restores a backup into `db` and `dataDir/files`, all or nothing:
 * 1. the file is read and checked whole first (a damaged or cut-short file changes nothing);
 * 2. one transaction: refuse a target holding data (unless `force`); run the migrations up to the
 *    backup's level; empty every table; load each table with `COPY … FROM STDIN` (user triggers off,
 *    so derived tables such as user_counts keep the backup's rows instead of counting twice); set
 *    each sequence to the backup's value or the highest id, whichever is higher; check every table's
 *    row count; commit. The uploads are written to a directory beside DATA_DIR/files meanwhile and
 *    swapped in after the commit;
 * 3. the migrations this build has beyond the backup's level run, as at a start.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreSummary> {
  const started = Date.now();
  const progress = opts.progress ?? silent;
  const contents = opts.checked ?? (await checkBackup(opts.file, progress));
  const { header } = contents;
  const filesDir = path.join(opts.dataDir, 'files');
  const staging = path.join(opts.dataDir, `files.restoring-${process.pid}`);
  const client = await poolOf(opts.db).connect();
  let before: Header['migration'] | undefined;
  let failed: Error | undefined;
  try {
    await client.query('begin');
    for (const s of SESSION_SETTINGS) await client.query(s);
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const schema = await schemaName(client);
    before = await migrationLevel(client);
    await refuseUnlessEmpty(client, schema, filesDir, contents, opts.force === true);
    if (before && before.created_at > header.migration.created_at)
      throw new BackupError(
        `The target database is at ${describeLevel(before)}, newer than the backup (${describeLevel(header.migration)}): restore into a new, empty database or DATA_DIR; Tally brings it up to date on its first start.`,
      );
    if (before && !journal().some((e) => e.when === before!.created_at))
      throw new BackupError(
        `The target database is at a migration level this Tally does not know (${describeLevel(before)}): restore into a new, empty database or DATA_DIR.`,
      );
    await migrateTo(client, before, header.migration.created_at);
    const tables = new Map((await listTables(client, schema)).map((t) => [t.name, t]));
    await setUserTriggers(client, schema, 'disable');
    if (tables.size > 0)
      await client.query(
        `truncate table ${[...tables.keys()].map((t) => `${ident(schema)}.${ident(t)}`).join(', ')}`,
      );
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const sequences = await load(client, schema, tables, staging, opts.file, contents, progress);
    await setSequences(client, schema, sequences);
    await setUserTriggers(client, schema, 'enable');
    for (const t of contents.tables) {
      const { rows } = await client.query<{ n: string }>(
        `select count(*)::text as n from ${ident(schema)}.${ident(t.name)}`,
      );
      if (Number(rows[0]?.n) !== t.rows)
        throw new Error(`table ${t.name} holds ${rows[0]?.n} rows after loading, the backup ${t.rows}`);
    }
    await makeMonths(client);
    await client.query('commit');
  } catch (err) {
    failed = err as Error;
    await client.query('rollback').catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    throw err;
  } finally {
    client.release(failed && !(failed instanceof BackupError) ? failed : undefined);
  }
  await swapIn(staging, filesDir);
  const level = await opts.db.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  await opts.db.migrate();
  const after = await opts.db.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  const tables = contents.tables.map((t) => ident(t.name)).join(', ');
  if (tables) await opts.db.exec(`analyze ${tables}`);
  return {
    contents,
    before,
    migratedAfter: (after[0]?.n ?? 0) - (level[0]?.n ?? 0),
    sameSecret: header.secret_id === secretId(opts.appSecret),
    ms: Date.now() - started,
  };
}

/**
 * Refuses a target that holds data (rows beyond the seeded ones, or uploads) unless forced. Uploads
 * identical to the backup's do not count: moving from PGlite to PostgreSQL keeps the same DATA_DIR,
 * whose files/ already holds them.
 */
async function refuseUnlessEmpty(
  client: pg.ClientBase,
  schema: string,
  filesDir: string,
  contents: BackupContents,
  force: boolean,
) {
  if (force) return;
  const filled: string[] = [];
  for (const t of await listTables(client, schema)) {
    if (SEEDED.has(t.name)) continue;
    const { rows } = await client.query<{ any: boolean }>(
      `select exists (select 1 from ${ident(schema)}.${ident(t.name)}) as any`,
    );
    if (rows[0]?.any) filled.push(t.name);
  }
  let files = 0;
  for (const rel of await listFiles(filesDir))
    if (!(await sameFile(path.join(filesDir, rel), contents.fileList.get(rel)))) files += 1;
  if (filled.length === 0 && files === 0) return;
  const what = [
    filled.length > 0
      ? `the database holds data (${filled.slice(0, 6).join(', ')}${filled.length > 6 ? ', …' : ''})`
      : '',
    files > 0 ? `${filesDir} holds ${n(files)} file${files === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  throw new BackupError(
    `The target is not empty: ${what.join(' and ')}. A restore replaces all of it: run it again with --force to do so, or restore into a new database or DATA_DIR.`,
  );
}

async function sameFile(file: string, saved: { size: number; sha256: string } | undefined): Promise<boolean> {
  if (!saved || (await stat(file)).size !== saved.size) return false;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex') === saved.sha256;
}

/** The build's migrations after `from` up to `upTo` (a journal `when`), in this transaction. */
async function migrateTo(client: pg.ClientBase, from: Header['migration'] | undefined, upTo: number) {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  // What drizzle's migrator does (dialect.migrate), short of its own transaction and its end point.
  await client.query('create schema if not exists drizzle');
  await client.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const m of readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })) {
    if (m.folderMillis > upTo) break;
    if (from && m.folderMillis <= from.created_at) continue;
    for (const statement of m.sql) if (statement.trim()) await client.query(statement);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      m.hash,
      m.folderMillis,
    ]);
  }
}

/**
 * The monthly partitions of the raw rows just loaded (migration 0031; a backup from before it is split
 * by that migration when it runs after the load). The rows went into the default partitions: moved to
 * their months now, the restored database has the partitions the backed-up one had.
 */
async function makeMonths(client: pg.PoolClient) {
  const { rows } = await client.query<{ made: boolean }>(
    "select to_regprocedure('tally_month_partitions(date)') is not null as made",
  );
  if (!rows[0]?.made) return;
  const partitions = new MonthPartitions({ query: queryOn(client) });
  await partitions.ensure(await partitions.strayMonths());
}

/** Turns the schema's own triggers (not the foreign-key checks) off or on again. */
async function setUserTriggers(client: pg.ClientBase, schema: string, to: 'enable' | 'disable') {
  const { rows } = await client.query<{ name: string }>(
    `select distinct c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and not g.tgisinternal order by 1`,
    [schema],
  );
  for (const r of rows)
    await client.query(`alter table ${ident(schema)}.${ident(r.name)} ${to} trigger user`);
}

/** The second pass: rows into their tables, uploads into `staging`. */
async function load(
  client: pg.ClientBase,
  schema: string,
  tables: Map<string, TableInfo>,
  staging: string,
  file: string,
  contents: BackupContents,
  progress: Progress,
): Promise<SequenceValue[]> {
  let sequences: SequenceValue[] = [];
  let table: { name: string; statement: string; index: number } | undefined;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let pendingRows = 0;
  let rowsDone = 0;
  let read = 0;
  let out: WriteStream | undefined;
  let filesDone = 0;
  const show = () =>
    progress.update(
      table
        ? `restore: table ${table.index}/${contents.tables.length} ${table.name} · ${n(rowsDone)} of ${n(contents.rows)} rows · ${mb(read)} of ${mb(contents.bytes)}`
        : `restore: files ${filesDone}/${contents.files} · ${mb(read)} of ${mb(contents.bytes)}`,
    );
  const flush = async () => {
    if (!table || pending.length === 0) return;
    const data = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    const copied = await copyIn(client, table.statement, data);
    if (copied !== pendingRows)
      throw new Error(`COPY into table ${table.name} stored ${copied} rows of ${pendingRows}`);
    rowsDone += pendingRows;
    pendingRows = 0;
    show();
  };
  let index = 0;
  await readBackup(file, {
    read(done) {
      read = done;
    },
    table(t) {
      const target = tables.get(t.name);
      if (!target)
        throw new BackupError(
          `The backup's table ${t.name} is not in the database at the backup's migration level.`,
        );
      const mismatch = t.columns.find((c, i) => {
        const at = target.columns.indexOf(c);
        return at < 0 || target.types[at] !== t.types[i];
      });
      if (mismatch !== undefined || target.columns.length !== t.columns.length)
        throw new BackupError(
          `The backup's table ${t.name} does not match the database at the backup's migration level (column ${mismatch ?? '?'}).`,
        );
      index += 1;
      const columns = t.columns.map(ident).join(', ');
      table = {
        name: t.name,
        index,
        statement: `copy ${ident(schema)}.${ident(t.name)} (${columns}) from stdin`,
      };
      show();
    },
    async rows(data, count) {
      pending.push(data);
      pendingBytes += data.length;
      pendingRows += count;
      if (pendingBytes >= BATCH_BYTES || pendingRows >= BATCH_ROWS) await flush();
    },
    async tableEnd() {
      await flush();
      table = undefined;
    },
    sequences(s) {
      sequences = s.list;
    },
    async file(f) {
      const full = path.join(staging, ...f.path.split('/'));
      await mkdir(path.dirname(full), { recursive: true });
      out = createWriteStream(full, { flags: 'wx' });
      await once(out, 'open');
    },
    async fileBytes(data) {
      if (!out!.write(data)) await once(out!, 'drain');
    },
    async fileEnd() {
      const stream = out!;
      out = undefined;
      await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.end(resolve);
      });
      filesDone += 1;
      show();
    },
  }).finally(() => out?.destroy());
  return sequences;
}

/** Each serial column's sequence: the backup's value, or the column's highest value if that is higher. */
async function setSequences(client: pg.ClientBase, schema: string, values: SequenceValue[]) {
  for (const s of await serialColumns(client, schema)) {
    const saved = values.find((v) => v.table === s.table && v.column === s.column);
    const { rows } = await client.query<{ max: string | null }>(
      `select max(${ident(s.column)})::text as max from ${ident(schema)}.${ident(s.table)}`,
    );
    const max = rows[0]?.max ?? null;
    let value: string;
    let called: boolean;
    if (saved && (max === null || BigInt(saved.last_value) > BigInt(max))) {
      value = saved.last_value;
      called = saved.is_called;
    } else if (max !== null) {
      value = max;
      called = true;
    } else {
      value = '1';
      called = false;
    }
    await client.query('select setval($1::regclass, $2::bigint, $3)', [s.sequence, value, called]);
  }
}

/** DATA_DIR/files becomes the restored uploads; what it held before is removed. */
async function swapIn(staging: string, filesDir: string) {
  const old = `${filesDir}.replaced-${process.pid}`;
  const existed = await stat(filesDir).then(
    () => true,
    () => false,
  );
  if (existed) await rename(filesDir, old);
  await rename(staging, filesDir);
  if (existed) await rm(old, { recursive: true, force: true });
}
