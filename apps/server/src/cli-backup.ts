import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fail } from './cli-errors.js';
import { loadConfig } from './config.js';
import { describeLevel } from './db/backup/catalog.js';
import { writeBackup } from './db/backup/dump.js';
import { BackupError } from './db/backup/format.js';
import { mb, n, ProgressLine } from './db/backup/progress.js';
import { checkBackup, restoreBackup } from './db/backup/restore.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/dir-lock.js';

/**
 * `tally backup --out FILE [--force]` and `tally restore FILE [--force]` (db/backup/ does the work).
 * Their mistakes and refusals are printed as one line on stderr with exit status 2 (command line) or
 * 1 (refused); anything else is thrown to cli.ts's handler.
 */
export async function backupCommand(
  command: 'backup' | 'restore',
  args: string[],
  usage: string,
): Promise<void> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (err) {
    return fail(
      `tally ${command}: ${(err as Error).message.split('. ')[0]} (tally --help lists the commands)`,
      2,
    );
  }
  const { values, positionals } = parsed;
  if (values.help) return void console.log(usage);
  const progress = new ProgressLine();
  try {
    if (command === 'backup') {
      if (!values.out || positionals.length > 0)
        return fail('tally backup: --out FILE is required (--out - writes to standard output)', 2);
      await backup(values.out, values.force === true, progress);
    } else {
      const [file, ...extra] = positionals;
      if (!file || extra.length > 0 || values.out)
        return fail('tally restore: name one backup file: tally restore FILE', 2);
      await restore(file, values.force === true, progress);
    }
  } catch (err) {
    progress.clear();
    if (err instanceof BackupError) return fail(err.message, 1);
    if (err instanceof DataDirLockedError)
      return fail(
        `${err.message}\nThe embedded database (PGlite) is one process per data directory: stop the server, run ${command}, then start it again. (On PostgreSQL, backup runs beside a running server.)`,
        1,
      );
    throw err;
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function backup(out: string, force: boolean, progress: ProgressLine) {
  const toStdout = out === '-';
  const file = toStdout ? undefined : path.resolve(out);
  if (file && existsSync(file) && !force)
    throw new BackupError(`${file} exists: name another file, or add --force to replace it.`);
  if (toStdout && process.stdout.isTTY)
    throw new BackupError(
      'tally backup: standard output is a terminal; redirect it to a file (--out - > FILE).',
    );
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupError(
      `There is no embedded database in ${config.dataDir} (DATA_DIR): nothing to back up. (For a PostgreSQL server, set DATABASE_URL.)`,
    );
  const { dataDir, appSecret } = config;
  const db = await openDatabase(config);
  try {
    const s = await writeBackup({ db, dataDir, out: file ?? process.stdout, appSecret, progress });
    progress.clear();
    const report = toStdout ? console.error : console.log;
    report(
      `backup: ${s.tables} tables, ${n(s.rows)} rows, ${n(s.files)} uploaded files (${mb(s.fileBytes)}) → ${file ?? 'standard output'} (${mb(s.bytes)}) in ${seconds(s.ms)}; schema at ${describeLevel(s.header.migration)}`,
    );
    report(
      `Keep ${path.join(dataDir, 'app-secret')} (or APP_SECRET) as well: the backup holds the SMTP password and TronGrid key sealed under it, not the secret.`,
    );
  } finally {
    await db.close();
  }
}

async function restore(file: string, force: boolean, progress: ProgressLine) {
  const full = path.resolve(file);
  const contents = await checkBackup(full, progress);
  const h = contents.header;
  progress.note(
    `${full}: made ${h.created_at} by Tally ${h.tally} on ${h.backend}, schema at ${describeLevel(h.migration)}: ${contents.tables.length} tables, ${n(contents.rows)} rows, ${n(contents.files)} files; checked`,
  );
  const config = loadConfig();
  const { dataDir, appSecret, databaseUrl: url } = config;
  const db = await openDatabase(config);
  try {
    const s = await restoreBackup({ db, dataDir, file: full, force, appSecret, progress, checked: contents });
    progress.clear();
    const target = url ? 'the PostgreSQL database of DATABASE_URL' : path.join(dataDir, 'pglite');
    console.log(
      `restore: ${contents.tables.length} tables, ${n(contents.rows)} rows (counts checked) into ${target}, ${n(contents.files)} uploaded files (${mb(contents.fileBytes)}) into ${path.join(dataDir, 'files')} in ${seconds(s.ms)}`,
    );
    if (s.migratedAfter > 0)
      console.log(
        `then ran this version's ${s.migratedAfter} newer migration${s.migratedAfter === 1 ? '' : 's'}`,
      );
    if (!s.sameSecret)
      console.log(
        'note: the backup was made under another APP_SECRET. The SMTP password and TronGrid API key saved in the back office read as not set until entered again; to keep them, put the old DATA_DIR/app-secret in place (or set the old APP_SECRET) before starting.',
      );
  } finally {
    await db.close();
  }
}
