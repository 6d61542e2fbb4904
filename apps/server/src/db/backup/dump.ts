import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import type { Database } from '../client.js';
import {
  ident,
  listTables,
  literal,
  migrationLevel,
  schemaName,
  serialColumns,
  type TableInfo,
} from './catalog.js';
import { copyOut } from './copy.js';
import {
  BackupError,
  END_OF_DATA,
  type EndRecord,
  FILE_LINE_BYTES,
  type FileRecord,
  FORMAT,
  FORMAT_VERSION,
  type Header,
  type SequenceValue,
  safeFilePath,
} from './format.js';
import { mb, n, type Progress, silent } from './progress.js';

/** Rows per `COPY … TO` (a batch is held in memory once, on PGlite's thread and here). */
export const BATCH_ROWS = 5000;

/**
 * The session both directions run in: values printed and read the same way whatever the server's or
 * the role's defaults (time zone, date style), and no timeout cutting a long backup short.
 */
export const SESSION_SETTINGS = [
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  'set local extra_float_digits = 3',
  `set local bytea_output = 'hex'`,
  'set local standard_conforming_strings = on',
  'set local statement_timeout = 0',
  'set local idle_in_transaction_session_timeout = 0',
];

export interface BackupOptions {
  db: Database;
  /** DATA_DIR: the uploads under DATA_DIR/files go into the backup. */
  dataDir: string;
  /** The backup file (written beside it as `.partial` and renamed when complete), or a stream. */
  out: string | Writable;
  /** APP_SECRET, of which only a digest is written (restore compares it). */
  appSecret: string;
  progress?: Progress;
  /** Rows per COPY (tests make it small to cross batch boundaries). */
  batchRows?: number;
}

export interface BackupSummary {
  header: Header;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  /** Size of the backup file. */
  bytes: number;
  ms: number;
}

/** The pool behind a Database (drizzle's `$client`): backup and restore need a connection of their own. */
export function poolOf(db: Database): pg.Pool {
  return (db.orm as unknown as { $client: pg.Pool }).$client;
}

export function tallyVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    return String(pkg.version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** Names the secret without revealing it: enough to tell two secrets apart. */
export function secretId(secret: string): string {
  return createHash('sha256').update(`tally backup secret id\0${secret}`).digest('hex').slice(0, 16);
}

const line = (record: object) => Buffer.from(`${JSON.stringify(record)}\n`);
const END_LINE = Buffer.concat([END_OF_DATA, Buffer.from('\n')]);

/**
 * A logical backup of the database and the uploads: every table of the app's schema through
 * `COPY … TO STDOUT` in one read-only snapshot (REPEATABLE READ), so it is consistent even while a
 * PostgreSQL server keeps serving, then the files. The format is in format.ts.
 */
export async function writeBackup(opts: BackupOptions): Promise<BackupSummary> {
  const started = Date.now();
  const progress = opts.progress ?? silent;
  const batchRows = opts.batchRows ?? BATCH_ROWS;
  const client = await poolOf(opts.db).connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  const partial = typeof opts.out === 'string' ? `${opts.out}.partial` : undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    for (const s of SESSION_SETTINGS) await client.query(s);
    const schema = await schemaName(client);
    const level = await migrationLevel(client);
    if (!level)
      throw new BackupError(
        'The database holds no Tally data (no migration ever ran on it): nothing to back up.',
      );
    const tables = await listTables(client, schema);
    const serials = await serialColumns(client, schema);
    const { rows: version } = await client.query<{ server_version: string }>('show server_version');
    const header: Header = {
      t: FORMAT,
      format: FORMAT_VERSION,
      tally: tallyVersion(),
      created_at: new Date().toISOString(),
      backend: opts.db.kind,
      server_version: version[0]?.server_version ?? '',
      migration: level,
      secret_id: secretId(opts.appSecret),
      tables: tables.map((t) => t.name),
    };
    const filesDir = path.join(opts.dataDir, 'files');
    const totals = { rows: 0, files: 0, fileBytes: 0, written: 0 };

    async function* content(): AsyncGenerator<Buffer> {
      yield line(header);
      for (const [i, t] of tables.entries()) {
        yield line({ t: 'table', name: t.name, columns: t.columns, types: t.types });
        const hash = createHash('sha256');
        let rows = 0;
        for await (const batch of tableBatches(client, schema, t, batchRows)) {
          hash.update(batch.data);
          rows += batch.count;
          totals.rows += batch.count;
          progress.update(
            `backup: table ${i + 1}/${tables.length} ${t.name} · ${n(totals.rows)} rows · ${mb(totals.written)} written`,
          );
          yield batch.data;
        }
        yield END_LINE;
        yield line({ t: 'table-end', name: t.name, rows, sha256: hash.digest('hex') });
      }
      const list: SequenceValue[] = [];
      for (const s of serials) {
        const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text as last_value, is_called from ${s.sequence}`,
        );
        if (rows[0]) list.push({ table: s.table, column: s.column, ...rows[0] });
      }
      yield line({ t: 'sequences', list });
      // The snapshot is no longer needed: on PGlite the server's one connection is free again.
      await client.query('commit');
      release();
      const files: string[] = [];
      for (const rel of await listFiles(filesDir)) {
        if (safeFilePath(rel) === undefined)
          progress.note(`backup: skipped ${path.join(filesDir, rel)} (not a name Tally gives files)`);
        else files.push(rel);
      }
      for (const [i, rel] of files.entries()) {
        const full = path.join(filesDir, ...rel.split('/'));
        const { size } = await stat(full);
        yield line({ t: 'file', path: rel, size } satisfies FileRecord);
        const hash = createHash('sha256');
        let read = 0;
        for await (const chunk of createReadStream(full, {
          highWaterMark: FILE_LINE_BYTES,
        }) as AsyncIterable<Buffer>) {
          read += chunk.length;
          hash.update(chunk);
          yield Buffer.from(`${chunk.toString('base64')}\n`);
        }
        if (read !== size)
          throw new BackupError(`${full} changed while it was being backed up: run the backup again.`);
        yield END_LINE;
        yield line({ t: 'file-end', path: rel, sha256: hash.digest('hex') });
        totals.files += 1;
        totals.fileBytes += size;
        progress.update(
          `backup: files ${i + 1}/${files.length} · ${mb(totals.fileBytes)} · ${mb(totals.written)} written`,
        );
      }
      yield line({
        t: 'end',
        tables: tables.length,
        rows: totals.rows,
        files: totals.files,
        file_bytes: totals.fileBytes,
      } satisfies EndRecord);
    }

    async function* count(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        totals.written += chunk.length;
        yield chunk;
      }
    }

    const sink = partial ? createWriteStream(partial, { flags: 'w', mode: 0o600 }) : (opts.out as Writable);
    await pipeline(Readable.from(content()), createGzip(), count, sink);
    if (partial) await rename(partial, opts.out as string);
    return {
      header,
      tables: tables.length,
      rows: totals.rows,
      files: totals.files,
      fileBytes: totals.fileBytes,
      bytes: totals.written,
      ms: Date.now() - started,
    };
  } catch (err) {
    if (!released) await client.query('rollback').catch(() => undefined);
    if (partial) await rm(partial, { force: true });
    throw err;
  } finally {
    release();
  }
}

/** A table's rows in COPY text format, in batches paged by primary key (keyset, in the snapshot). */
async function* tableBatches(
  client: pg.ClientBase,
  schema: string,
  t: TableInfo,
  batchRows: number,
): AsyncGenerator<{ data: Buffer; count: number }> {
  const columns = t.columns.map(ident).join(', ');
  const from = `${ident(schema)}.${ident(t.name)}`;
  const keyAt = t.key.map((k) => t.columns.indexOf(k));
  if (keyAt.length === 0 || keyAt.some((i) => i < 0)) {
    // No primary key (Tally's two such tables are small bookkeeping): the table in one COPY.
    const { data, rows } = await copyOut(client, `copy (select ${columns} from ${from}) to stdout`);
    const count = checkedCount(t.name, data, rows);
    if (count > 0) yield { data, count };
    return;
  }
  const key = t.key.map(ident).join(', ');
  const keyTypes = keyAt.map((i) => t.types[i]!);
  let after: string[] | undefined;
  for (;;) {
    const where = after
      ? ` where (${key}) > (${after.map((v, i) => `${literal(v)}::${keyTypes[i]}`).join(', ')})`
      : '';
    const { data, rows } = await copyOut(
      client,
      `copy (select ${columns} from ${from}${where} order by ${key} limit ${batchRows}) to stdout`,
    );
    const count = checkedCount(t.name, data, rows);
    if (count > 0) yield { data, count };
    if (count < batchRows) return;
    after = lastKey(data, keyAt);
  }
}

/** The rows in a COPY answer, which must be as many as the server says it sent. */
function checkedCount(table: string, data: Buffer, rows: number): number {
  const count = countLines(data);
  if (count !== rows || (data.length > 0 && data[data.length - 1] !== 10))
    throw new Error(`COPY of table ${table} read ${count} lines where the server sent ${rows} rows`);
  return count;
}

function countLines(data: Buffer): number {
  let count = 0;
  for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) count += 1;
  return count;
}

/** The key of the batch's last row, read back from its COPY text line. */
function lastKey(data: Buffer, keyAt: number[]): string[] {
  const start = data.lastIndexOf(10, data.length - 2) + 1;
  const fields = data
    .subarray(start, data.length - 1)
    .toString('utf8')
    .split('\t');
  return keyAt.map((i) => {
    const field = fields[i];
    if (field === undefined || field === '\\N') throw new Error('a primary key column read as NULL');
    return unescapeCopyText(field);
  });
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A field of COPY's text format as its value (the escapes PostgreSQL writes, and octal/hex). */
export function unescapeCopyText(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x' && e.length > 1) return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return ESCAPES[e] ?? e;
  });
}

/** Every file under `dir`, relative, with `/` between parts, sorted; none when there is no `dir`. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && prefix === '') return [];
    throw err;
  });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}
