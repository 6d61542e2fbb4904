import { ConfigError } from './config.js';
import { DataDirLockedError } from './db/dir-lock.js';
import { AppError } from './lib/errors.js';

/**
 * What the command line prints for a failure. A database error is reduced to the server's own message:
 * the driver's error text repeats the failed query with its parameters, which for an account hold the
 * password hash.
 */
export function describeFailure(err: unknown): string {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof AppError)
    return err.message;
  const dbError = databaseCause(err);
  if (dbError) return `database error: ${dbError}`;
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

/** The PostgreSQL message (SQLSTATE code set) inside a query error, if this is one. */
function databaseCause(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.message === 'string')
      return `${e.message} (${e.code})`;
    e = e.cause as typeof e;
  }
  if (err instanceof Error && /params:/i.test(err.message)) return err.message.split(/\bparams:/i)[0]!.trim();
  return undefined;
}

/** A subcommand's refusal: one line on stderr and the exit code (2: a wrong command line; 1: refused). */
export function fail(message: string, code: 1 | 2): void {
  console.error(message);
  process.exitCode = code;
}
