import { z } from 'zod';
import {
  CONTROL,
  isCalendarDay,
  isImageSource,
  isSafeLink,
  LONE_SURROGATE,
  stripBidiControls,
  TEXT_ERRORS,
} from './text-checks.js';

export {
  FILE_URL_PREFIX,
  isImageSource,
  isSafeLink,
  isStorableText,
  stripBidiControls,
  TEXT_ERRORS,
} from './text-checks.js';

/**
 * Every string of the contracts starts here (a test walks them all): a NUL or a lone surrogate would
 * otherwise reach the database and fail the statement with a 500 instead of a field error.
 */
export const storableString = () =>
  z
    .string()
    .refine((v) => !v.includes('\u0000'), TEXT_ERRORS.nul)
    .refine((v) => !LONE_SURROGATE.test(v), TEXT_ERRORS.surrogate);

/** Text as given (not trimmed), without control characters: the tracker's fields. */
export const rawText = (max: number) =>
  storableString()
    .max(max, `at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), TEXT_ERRORS.control);

/** Trimmed single-field text without bidirectional controls; no field needs control characters. */
export const plainText = (max: number) =>
  storableString()
    .overwrite(stripBidiControls)
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), TEXT_ERRORS.control);

/**
 * A list filter naming a user: a user id (digits, at most 15, so it fits the id column) or part of a
 * username or email. More digits are refused, where the database would have failed the query.
 */
export const userFilterText = () =>
  plainText(64).refine((v) => !/^\d{16,}$/.test(v), 'a user id has at most 15 digits');

/** A `YYYY-MM-DD` day. zod runs the refine even after the regex failed, so it takes any string without throwing. */
export const calendarDay = () =>
  storableString()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .refine(isCalendarDay, 'not a date');

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
