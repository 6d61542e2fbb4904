import { ERROR, type ErrorName, type FieldErrors } from '@tally/contracts';

/** Routes and services throw these; the envelope plugin alone turns them into responses. */
export class AppError extends Error {
  /** A body `data` for the rare error the client acts on (site closed: the public settings). */
  data?: unknown;
  /** Names inside the message that have their own Chinese (a plan's name): see localizeMessage. */
  zhTerms?: Record<string, string>;

  constructor(
    readonly error: ErrorName,
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const fieldError = (field: string, message: string) =>
  new AppError(ERROR.VALIDATION, 422, `${field}: ${message}`, { [field]: [message] });

export const notFound = (what = 'Not found') => new AppError(ERROR.NOT_FOUND, 404, what);

export const forbidden = () => new AppError(ERROR.FORBIDDEN, 403, 'Forbidden');

/** Sent with HTTP 200 and body code 403, as the seed's client expects (section 8). */
export const tokenInvalid = () =>
  new AppError(ERROR.UNAUTHENTICATED, 200, 'Verification failed, please Login again.');

export const throttled = (retryAfterSec: number, message = 'Too many requests, please try again later.') =>
  new AppError(ERROR.THROTTLED, 429, message, undefined, { 'retry-after': String(retryAfterSec) });

/** webclose = 1 (seed section 8): the public settings ride along so the client leaves for /beian.html. */
export const siteClosed = (payload: unknown) =>
  Object.assign(new AppError(ERROR.SITE_CLOSED, 503, 'The site is closed. 站点已关闭。'), { data: payload });
