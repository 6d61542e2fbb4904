import { z } from 'zod';

/** Trimmed single-field text; NUL cannot be stored in PostgreSQL text and no field needs control characters. */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f]*$/, 'contains control characters');

/** Where uploaded files are served from; a file's `url` is this prefix plus its stored name. */
export const FILE_URL_PREFIX = '/uploads/';

const LINK_PROTOCOLS = ['http:', 'https:', 'tg:', 'mailto:'];

/**
 * A link an admin or editor may place on a page: http(s), Telegram and mail addresses, or a path on
 * this site. Anything else (javascript:, data:, protocol-relative `//host`) is refused.
 */
export function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  try {
    return LINK_PROTOCOLS.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An image source: an uploaded file (`/uploads/…`) or an http(s) address. */
export function isImageSource(value: string): boolean {
  if (value.startsWith(FILE_URL_PREFIX)) return /^\/uploads\/[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/.test(value);
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Empty, or a safe link. */
export const safeLinkSchema = plainText(2048).refine(
  (v) => v === '' || isSafeLink(v),
  'must be an http(s), tg: or mailto: address, or a path on this site',
);

/** Empty, or an image source. */
export const imageSourceSchema = plainText(2048).refine(
  (v) => v === '' || isImageSource(v),
  'must be an uploaded file (/uploads/…) or an http(s) address',
);

/** Query-string booleans as browsers and axios send them. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
