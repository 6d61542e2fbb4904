/**
 * The schemas every list's CSV export shares (csv.ts keeps the export's words: the web labels its
 * tables with them on first loads that must not carry zod).
 */
import { z } from 'zod';
import { CSV_LANGUAGES } from './csv.js';
import { timezoneSchema } from './sites-schemas.js';
import { calendarDay } from './text.js';

/**
 * A list's day filter: the first and last day (both included) of its time column, counted on the
 * viewer's clock, `tz` (the web sends the browser's zone; without one, the server's zone), the same
 * zone its times are shown and exported in (docs/product.md, "Times and time zones").
 */
export const dayFilterFields = {
  from: calendarDay().optional(),
  to: calendarDay().optional(),
  tz: timezoneSchema.optional(),
};

/** What an export adds to its list's query: `lang` (else the request's language) and `tz` (else the server's zone). */
export const csvQueryFields = {
  lang: z.enum(CSV_LANGUAGES).optional(),
  tz: timezoneSchema.optional(),
};

/** The export's query: the list's filters and sort (its `page` and `limit` are not used) and `lang`, `tz`. */
export function csvQuery<T extends z.ZodRawShape, C extends z.core.$ZodObjectConfig>(
  listQuery: z.ZodObject<T, C>,
) {
  // A list with a day filter has `tz` already (dayFilterFields, the same schema): zod refuses to
  // redefine a key of a refined object, so only what the list lacks is added.
  const added = Object.fromEntries(
    Object.entries(csvQueryFields).filter(([key]) => !(key in listQuery.shape)),
  ) as typeof csvQueryFields;
  return listQuery.extend(added);
}
