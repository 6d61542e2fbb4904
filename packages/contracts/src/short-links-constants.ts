/**
 * Plain values of short links without zod (short-links-schemas.ts builds the schemas from them), so that
 * the web's short-link page can import them without loading the schemas. short-links.ts re-exports them.
 */

/** Where a code redirects from: `/s/{code}` on the app's own host. */
export const SHORT_LINK_PREFIX = '/s/';

export const SHORT_CODE_MAX = 64;
export const SHORT_TARGET_MAX = 2048;
/** Generated codes: 7 characters of [A-Za-z0-9], 62^7 ≈ 3.5 × 10^12 of them. */
export const SHORT_CODE_GENERATED_LENGTH = 7;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Codes that read like the app's own words or paths; refused whatever their case, so `/s/Admin`
 * cannot pose as a page of the product.
 */
export const RESERVED_SHORT_CODES = [
  'admin',
  'api',
  'app',
  'assets',
  'login',
  'logout',
  'register',
  'share',
  'static',
  'uploads',
  'health',
  'new',
  'edit',
  'null',
  'undefined',
  'favicon',
  'robots',
] as const;

export const SHORT_LINK_ERRORS = {
  reserved: 'is a reserved word',
  target: 'must be an absolute http(s) address',
} as const;

export const isReservedShortCode = (code: string) =>
  (RESERVED_SHORT_CODES as readonly string[]).includes(code.toLowerCase());

/** An absolute http or https address with a host: no `javascript:`, `data:`, relative or `//host` forms. */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const SHORT_LINK_SORTS = [
  '-id',
  'id',
  '-clicks',
  'clicks',
  '-created_at',
  'created_at',
  '-expires_at',
  'expires_at',
] as const;
export type ShortLinkSort = (typeof SHORT_LINK_SORTS)[number];
