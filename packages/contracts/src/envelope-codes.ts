/** The envelope's codes, error names and headers, without zod (envelope.ts has its schemas). */

/** Codes carried in the body's `code` (PRODUCT.md "API contract"). 200 is success. */
export const CODE = {
  OK: 200,
  /** Invalid or expired token: sent with HTTP 200 so the client clears its token (seed section 8). */
  TOKEN_INVALID: 403,
} as const;

/** Machine-readable error names; the HTTP status travels beside them. */
export const ERROR = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  THROTTLED: 'THROTTLED',
  LOCKED: 'LOCKED',
  CAPTCHA: 'CAPTCHA',
  BAD_CREDENTIALS: 'BAD_CREDENTIALS',
  EMAIL_CODE: 'EMAIL_CODE',
  DISABLED: 'DISABLED',
  SITE_NOT_SELECTED: 'SITE_NOT_SELECTED',
  /** HTTP 422: a posting would take an account below zero (the ledger). */
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  BAD_REQUEST: 'BAD_REQUEST',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** webclose = 1: HTTP 503 whose `data` is `{ set, ads }`, so the client leaves for /beian.html. */
  SITE_CLOSED: 'SITE_CLOSED',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorName = (typeof ERROR)[keyof typeof ERROR];

export type FieldErrors = Record<string, string[]>;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  /** Present when the session token was renewed: the client stores it (seed section 7). */
  x_token?: string;
  /** Set when `data` is an encrypted payload (see crypt.ts). */
  crypt?: 1;
  key?: string;
  error?: ErrorName;
  errors?: FieldErrors;
}

/** Header names of seed section 7. */
export const HEADER_TOKEN = 'x-token';
export const HEADER_RANDOM = 'x-random';
