/**
 * What PostgreSQL said when a statement failed: its SQLSTATE and, for a constraint, the constraint's
 * name. node-postgres puts them on its error; drizzle wraps that error and keeps it as `cause`.
 */
export function sqlState(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | null | undefined;
  if (!e || typeof e !== 'object') return {};
  if (typeof e.code === 'string') return { code: e.code, constraint: stringOrUndefined(e.constraint) };
  return e.cause ? sqlState(e.cause) : {};
}

const stringOrUndefined = (v: unknown) => (typeof v === 'string' ? v : undefined);

const UNIQUE_VIOLATION = '23505';

/** A UNIQUE refusal; with `constraint`, only that index's. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const state = sqlState(err);
  return state.code === UNIQUE_VIOLATION && (constraint === undefined || state.constraint === constraint);
}

/**
 * PostgreSQL chose this transaction as a deadlock's victim (40P01) or could not serialise it (40001):
 * it rolled back having changed nothing, and the same work run again may succeed. PostgreSQL's manual
 * asks applications to be ready to retry both.
 */
export function isRetryableConflict(err: unknown): boolean {
  const { code } = sqlState(err);
  return code === '40P01' || code === '40001';
}

/**
 * The database cannot be reached right now: the server refused or dropped the connection (restart,
 * failover, an administrator's kill), or it is starting up or shutting down. A request failing so is
 * answered 503 (try again), never 500: nothing is wrong with the request or the code.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return someCause(err, (e) => {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATE.test(e.code) || UNREACHABLE.has(e.code)))
      return true;
    return typeof e.message === 'string' && CONNECTION_LOST.test(e.message);
  });
}

/**
 * The statement never ran, or the server aborted it (it rolled back): the connection could not be
 * made or was refused, or PostgreSQL answered the statement itself by terminating the session (57P01,
 * `pg_ctl -m fast`; 57P03 while starting up). Running it again cannot apply it twice. A connection that
 * simply broke mid-statement is not this: the statement may have committed before the answer was lost.
 */
export function isUnexecuted(err: unknown): boolean {
  return someCause(err, (e) => {
    if (typeof e.code === 'string' && (NOT_RUN_STATE.test(e.code) || NO_CONNECTION.has(e.code))) return true;
    return typeof e.message === 'string' && NEVER_SENT.test(e.message);
  });
}

/** Class 08 (connection exception), 57P01–57P03 (shutdown, crash, cannot connect now), 53300 (too many connections). */
const UNAVAILABLE_STATE = /^(08...|57P0[1-3]|53300)$/;
const NOT_RUN_STATE = /^(08001|08004|57P01|57P03|53300)$/;
/** Node's socket errors when connecting found no server: nothing was sent. */
const NO_CONNECTION = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** …and those of a connection that broke (whatever was sent may or may not have run). */
const UNREACHABLE = new Set([...NO_CONNECTION, 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** node-postgres's own words for a connection it lost or could not make (pg-pool, pg's Client). */
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;
const NEVER_SENT =
  /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout|Client has encountered a connection error and is not queryable)/;

/** Whether `test` holds for the error or anything it wraps (drizzle's `cause`, an AggregateError's errors). */
function someCause(
  err: unknown,
  test: (e: { code?: unknown; message?: unknown }) => boolean,
  depth = 0,
): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (test(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => someCause(inner, test, depth + 1))) return true;
  return someCause(e.cause, test, depth + 1);
}

/**
 * The driver's own error under drizzle's wrapper (whose message carries the statement and its
 * parameters), for a log line that names what happened and nothing more.
 */
export function driverError(err: unknown): { code?: string; message: string } {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e?.cause && typeof e.cause === 'object' && depth < 5; depth++) e = e.cause as typeof e;
  return {
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    message: typeof e?.message === 'string' ? e.message : String(err),
  };
}
