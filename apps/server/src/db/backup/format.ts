import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';

/**
 * A Tally backup: one gzip stream of lines.
 *
 *   {"t":"tally-backup","format":1,…}                    the header (Header)
 *   {"t":"table","name":"users","columns":[…],"types":[…]}
 *   1	alice	…                                             its rows in COPY's text format, one a line
 *   \.                                                   end of the rows (COPY's own end marker)
 *   {"t":"table-end","name":"users","rows":2,"sha256":"…"}   … one such section per table, parents first
 *   {"t":"sequences","list":[…]}                         each serial column's sequence
 *   {"t":"file","path":"ab12….png","size":1234}
 *   iVBORw0KGgo…                                          its bytes in base64, 64 KiB a line
 *   \.
 *   {"t":"file-end","path":"ab12….png","sha256":"…"}     … one such section per file under DATA_DIR/files
 *   {"t":"end","tables":56,"rows":1234,"files":3,"file_bytes":5678}
 *
 * COPY's text format escapes tabs, newlines and backslashes inside values, so a row is always one line
 * and never the bare `\.`. Every section carries its row or byte count and a SHA-256 of its lines, and
 * the last line says what the whole file held: a file cut short or altered is refused before anything
 * is written (gzip's own CRC catches most of it first).
 */

export const FORMAT = 'tally-backup';
export const FORMAT_VERSION = 1;
/** Ends a table's rows or a file's base64 lines. */
export const END_OF_DATA = Buffer.from('\\.');
/** Bytes of a file per base64 line (64 KiB of text). */
export const FILE_LINE_BYTES = 48 * 1024;

export interface MigrationLevel {
  /** Migrations applied. */
  count: number;
  /** The last one's `created_at` in drizzle's table: its journal entry's `when`. */
  created_at: number;
  /** Its name in the journal, when the build that made the backup knew it. */
  tag?: string;
}

export interface Header {
  t: typeof FORMAT;
  format: number;
  /** apps/server's package version. */
  tally: string;
  created_at: string;
  backend: 'pglite' | 'postgres';
  server_version: string;
  migration: MigrationLevel;
  /** A digest of APP_SECRET (never the secret): restore warns when the target's differs. */
  secret_id: string;
  /** The schema's tables, in the order their sections follow (parents before children). */
  tables: string[];
}

export interface TableRecord {
  t: 'table';
  name: string;
  columns: string[];
  types: string[];
}

export interface TableEnd {
  t: 'table-end';
  name: string;
  rows: number;
  sha256: string;
}

export interface SequenceValue {
  table: string;
  column: string;
  last_value: string;
  is_called: boolean;
}

export interface SequencesRecord {
  t: 'sequences';
  list: SequenceValue[];
}

export interface FileRecord {
  t: 'file';
  /** Relative to DATA_DIR/files, with `/` between parts. */
  path: string;
  size: number;
}

export interface FileEnd {
  t: 'file-end';
  path: string;
  sha256: string;
}

export interface EndRecord {
  t: 'end';
  tables: number;
  rows: number;
  files: number;
  file_bytes: number;
}

export type BackupRecord =
  | Header
  | TableRecord
  | TableEnd
  | SequencesRecord
  | FileRecord
  | FileEnd
  | EndRecord;

/** A backup or restore refused: the message says why, for the person at the command line. */
export class BackupError extends Error {}

/** A backup file that cannot be restored (not a backup, cut short, damaged, too new). */
export class BackupFileError extends BackupError {}

/** A file path from a backup, checked: relative, inside DATA_DIR/files, no `..`, no odd characters. */
export function safeFilePath(p: unknown): string | undefined {
  if (typeof p !== 'string' || p.length === 0 || p.length > 512) return undefined;
  const parts = p.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || !/^[\w.@+-]+$/.test(part)))
    return undefined;
  return p;
}

/** What a reader of a backup is told, in the file's order; each step may be awaited. */
export interface BackupVisitor {
  header?(h: Header): void | Promise<void>;
  table?(t: TableRecord): void | Promise<void>;
  /** Whole rows of the current table, each ending in `\n` (COPY text format). */
  rows?(data: Buffer, count: number): void | Promise<void>;
  tableEnd?(t: TableEnd): void | Promise<void>;
  sequences?(s: SequencesRecord): void | Promise<void>;
  file?(f: FileRecord): void | Promise<void>;
  fileBytes?(data: Buffer): void | Promise<void>;
  fileEnd?(f: FileEnd): void | Promise<void>;
  end?(e: EndRecord): void | Promise<void>;
  /** Compressed bytes read so far, of `total`: for a progress line. */
  read?(bytes: number, total: number): void;
}

type Event =
  | { kind: 'line'; line: Buffer }
  | { kind: 'rows'; data: Buffer; count: number }
  | { kind: 'rows-end' }
  | { kind: 'base64'; line: Buffer }
  | { kind: 'base64-end' };

/**
 * Splits the decompressed stream into lines. Inside a table's rows it hands out runs of whole rows as
 * they stand in the chunk (no copy, no object per row); elsewhere one line at a time.
 */
class LineSplitter {
  /** The start of a line that continues in the next chunk. */
  private partial: Buffer[] = [];
  /** What the lines are until the next `\.`: rows, base64, or records (JSON). */
  mode: 'records' | 'rows' | 'base64' = 'records';

  push(chunk: Buffer, out: Event[]): void {
    let start = 0;
    // Start of a run of whole rows within this chunk (rows mode only).
    let run = -1;
    let runCount = 0;
    const flushRun = (upTo: number) => {
      if (run >= 0 && upTo > run)
        out.push({ kind: 'rows', data: chunk.subarray(run, upTo), count: runCount });
      run = -1;
      runCount = 0;
    };
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      const whole = this.partial.length === 0;
      const line = whole
        ? chunk.subarray(start, nl)
        : Buffer.concat([...this.partial, chunk.subarray(start, nl)]);
      this.partial = [];
      if (this.mode === 'rows') {
        if (line.equals(END_OF_DATA)) {
          flushRun(start);
          out.push({ kind: 'rows-end' });
          this.mode = 'records';
        } else if (whole) {
          if (run < 0) run = start;
          runCount += 1;
        } else {
          // A row that began in the previous chunk: its own event, newline included.
          out.push({ kind: 'rows', data: Buffer.concat([line, NEWLINE]), count: 1 });
        }
      } else if (this.mode === 'base64') {
        if (line.equals(END_OF_DATA)) {
          out.push({ kind: 'base64-end' });
          this.mode = 'records';
        } else out.push({ kind: 'base64', line });
      } else {
        // A record may change what the lines after it are (`table` → rows): the reader handles it
        // before the rest of the chunk is split (`rest`).
        out.push({ kind: 'line', line });
        this.rest = chunk.subarray(nl + 1);
        return;
      }
      start = nl + 1;
    }
    flushRun(start);
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
    this.rest = undefined;
  }

  /** What is left of the chunk after a record line (handed back to `push` once the mode is set). */
  rest: Buffer | undefined;

  get midLine(): boolean {
    return this.partial.length > 0;
  }
}

const NEWLINE = Buffer.from('\n');

function damaged(file: string, what: string): BackupFileError {
  return new BackupFileError(`${file} is damaged: ${what}. Nothing was restored.`);
}

function truncated(file: string): BackupFileError {
  return new BackupFileError(
    `${file} is incomplete: it ends before the end of the backup (cut short while copying, or the backup was interrupted). Nothing was restored.`,
  );
}

/** zlib's complaint about the file, said for a person. */
function gzipFailure(file: string, err: NodeJS.ErrnoException, atStart: boolean): BackupFileError {
  if (err.code === 'Z_BUF_ERROR' || /unexpected end/i.test(err.message)) return truncated(file);
  if (atStart && /header/i.test(err.message))
    return new BackupFileError(`${file} is not a Tally backup (not gzip-compressed). Nothing was restored.`);
  return damaged(file, `its compressed data does not check out (${err.message})`);
}

function parseRecord(file: string, line: Buffer): BackupRecord {
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch {
    throw damaged(file, 'a line that should be a record is not');
  }
  if (typeof value !== 'object' || value === null || typeof (value as { t?: unknown }).t !== 'string')
    throw damaged(file, 'a line that should be a record is not');
  return value as BackupRecord;
}

/**
 * Reads a backup from start to end, checking every section against its count and digest, and tells
 * `visitor` what it holds in order. Any fault is a BackupFileError naming the file and what is wrong;
 * a visitor's own error passes through as it is.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}): Promise<Header> {
  const total = (await stat(file).catch(() => undefined))?.size;
  if (total === undefined) throw new BackupFileError(`${file}: no such file`);
  const input = createReadStream(file);
  let read = 0;
  input.on('data', (chunk) => {
    read += chunk.length;
    visitor.read?.(read, total);
  });
  const gunzip = createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);

  const splitter = new LineSplitter();
  let header: Header | undefined;
  let ended = false;
  let table: TableRecord | undefined;
  let tableRows = 0;
  let tableHash: Hash | undefined;
  let fileRec: FileRecord | undefined;
  let fileSize = 0;
  let fileHash: Hash | undefined;
  const seenTables: string[] = [];
  let totalRows = 0;
  let files = 0;
  let fileBytes = 0;
  /** What the next record must be. */
  let expect: 'header' | 'any' | 'table-end' | 'file-end' = 'header';

  const onRecord = async (rec: BackupRecord) => {
    if (ended) throw damaged(file, 'there is more after its end');
    if (expect === 'header') {
      if (rec.t !== FORMAT) throw new BackupFileError(`${file} is not a Tally backup. Nothing was restored.`);
      const h = rec as Header;
      if (typeof h.format !== 'number' || h.format > FORMAT_VERSION)
        throw new BackupFileError(
          `${file} is in backup format ${h.format}, newer than this Tally reads (${FORMAT_VERSION}): restore it with the Tally version that made it (${h.tally}) or a newer one.`,
        );
      if (!Array.isArray(h.tables) || typeof h.migration?.created_at !== 'number')
        throw damaged(file, 'its header is incomplete');
      header = h;
      expect = 'any';
      return visitor.header?.(h);
    }
    if (expect === 'table-end') {
      if (rec.t !== 'table-end' || rec.name !== table!.name)
        throw damaged(file, `table ${table!.name} is not closed`);
      if (rec.rows !== tableRows || rec.sha256 !== tableHash!.digest('hex'))
        throw damaged(file, `the rows of table ${table!.name} do not match their checksum`);
      totalRows += tableRows;
      table = undefined;
      expect = 'any';
      return visitor.tableEnd?.(rec);
    }
    if (expect === 'file-end') {
      if (rec.t !== 'file-end' || rec.path !== fileRec!.path)
        throw damaged(file, `file ${fileRec!.path} is not closed`);
      if (fileSize !== fileRec!.size || rec.sha256 !== fileHash!.digest('hex'))
        throw damaged(file, `the uploaded file ${fileRec!.path} does not match its checksum`);
      files += 1;
      fileBytes += fileSize;
      fileRec = undefined;
      expect = 'any';
      return visitor.fileEnd?.(rec);
    }
    switch (rec.t) {
      case 'table':
        if (
          typeof rec.name !== 'string' ||
          !Array.isArray(rec.columns) ||
          !Array.isArray(rec.types) ||
          rec.columns.length !== rec.types.length ||
          seenTables.includes(rec.name)
        )
          throw damaged(file, 'a table section is malformed');
        table = rec;
        seenTables.push(rec.name);
        tableRows = 0;
        tableHash = createHash('sha256');
        splitter.mode = 'rows';
        expect = 'table-end';
        return visitor.table?.(rec);
      case 'sequences':
        if (!Array.isArray(rec.list)) throw damaged(file, 'the sequences record is malformed');
        return visitor.sequences?.(rec);
      case 'file':
        if (safeFilePath(rec.path) === undefined || !Number.isSafeInteger(rec.size) || rec.size < 0)
          throw damaged(file, 'an uploaded file section is malformed');
        fileRec = rec;
        fileSize = 0;
        fileHash = createHash('sha256');
        splitter.mode = 'base64';
        expect = 'file-end';
        return visitor.file?.(rec);
      case 'end':
        if (
          rec.tables !== seenTables.length ||
          rec.rows !== totalRows ||
          rec.files !== files ||
          rec.file_bytes !== fileBytes ||
          header!.tables.join('\n') !== seenTables.join('\n')
        )
          throw damaged(file, 'its contents do not match its summary');
        ended = true;
        return visitor.end?.(rec);
      default:
        throw damaged(file, `an unknown record "${String(rec.t).slice(0, 40)}"`);
    }
  };

  const handle = async (events: Event[]) => {
    for (const e of events) {
      switch (e.kind) {
        case 'line':
          if (expect === 'header' && !e.line.subarray(0, 40).toString('latin1').includes(`"${FORMAT}"`))
            throw new BackupFileError(`${file} is not a Tally backup. Nothing was restored.`);
          await onRecord(parseRecord(file, e.line));
          break;
        case 'rows':
          tableRows += e.count;
          tableHash!.update(e.data);
          await visitor.rows?.(e.data, e.count);
          break;
        case 'rows-end':
          break;
        case 'base64': {
          const bytes = Buffer.from(e.line.toString('latin1'), 'base64');
          fileSize += bytes.length;
          if (fileSize > fileRec!.size)
            throw damaged(file, `the uploaded file ${fileRec!.path} is longer than recorded`);
          fileHash!.update(bytes);
          await visitor.fileBytes?.(bytes);
          break;
        }
        case 'base64-end':
          break;
      }
    }
  };

  let decompressed = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      decompressed += chunk.length;
      if (expect === 'header' && decompressed > 1 << 20)
        throw new BackupFileError(`${file} is not a Tally backup.`);
      let rest: Buffer | undefined = chunk;
      while (rest && rest.length > 0) {
        const events: Event[] = [];
        splitter.push(rest, events);
        rest = splitter.rest;
        await handle(events);
      }
    }
  } catch (err) {
    input.destroy();
    if (err instanceof BackupFileError) throw err;
    const e = err as NodeJS.ErrnoException;
    if (typeof e.code === 'string' && e.code.startsWith('Z_')) throw gzipFailure(file, e, decompressed === 0);
    throw err;
  }
  if (!header)
    throw new BackupFileError(`${file} is not a Tally backup (it is empty). Nothing was restored.`);
  if (!ended || splitter.midLine) throw truncated(file);
  return header;
}
