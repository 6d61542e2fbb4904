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
