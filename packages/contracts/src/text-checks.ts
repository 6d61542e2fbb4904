/**
 * The checks behind the text types of text.ts, without zod: the web's first load uses some of them
 * (safe links, storable text) and must not carry zod for it (issue 29 §8).
 */

/** The refusals of the text types of text.ts (the web shows them as the server sends them). */
export const TEXT_ERRORS = {
  nul: 'contains a NUL character',
  surrogate: 'is not valid Unicode (a lone surrogate)',
  control: 'contains control characters',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** Half of a surrogate pair without the other half: no character, and UTF-8 cannot encode it. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store the string: text and jsonb refuse NUL, jsonb a lone surrogate's escape. */
export const isStorableText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * Bidirectional formatting controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069)
 * and the marks U+200E, U+200F and U+061C. Inside a name they reorder what is shown after them: a group
 * titled `\u202Egnp.exe` shows as `exe.png`, a name made to look like another.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** The text without bidirectional formatting controls (plain text and Telegram titles need none). */
export const stripBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

/** A real calendar day: the regex alone lets 2026-13-01 through, and Date then has no time value. */
export function isCalendarDay(d: string): boolean {
  const time = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(d);
}

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
