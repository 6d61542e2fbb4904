/**
 * The schemas of the admin console's answer (console.ts declares its call). Apart from the call so
 * that the console's first load does not carry them and zod with them.
 */
import { z } from 'zod';
import { auditRowSchema } from './audit.js';
import { storableString } from './text.js';

/** A label in both interface languages: figures come from server modules, the web picks its language. */
export const consoleLabelSchema = z.object({ zh: storableString(), en: storableString() });
export type ConsoleLabel = z.infer<typeof consoleLabelSchema>;

/**
 * `ok`: the value is current. `not_available`: a reserved place no module fills yet (revenue before
 * orders exist): `value` is null and the page says so, never a made-up number. `failed`: the module's
 * read failed this time (logged); the other figures still answer.
 */
export const CONSOLE_FIGURE_STATUSES = ['ok', 'not_available', 'failed'] as const;

const figureBase = {
  key: storableString(),
  label: consoleLabelSchema,
  status: z.enum(CONSOLE_FIGURE_STATUSES),
  /** The back-office page behind the number, when there is one. */
  href: storableString().nullable(),
};

/** One tile: a count, or an amount of USDT as a decimal string (never a float). */
export const consoleFigureSchema = z.discriminatedUnion('kind', [
  z.object({ ...figureBase, kind: z.literal('count'), value: z.number().int().nullable() }),
  z.object({ ...figureBase, kind: z.literal('usdt'), value: storableString().nullable() }),
]);
export type ConsoleFigure = z.infer<typeof consoleFigureSchema>;

export const consoleAnswerSchema = z.object({
  /** The zone whose midnight starts "today" for users (sites count their events in their own zones). */
  timezone: storableString(),
  today: storableString(),
  figures: z.array(consoleFigureSchema),
  /** `CONSOLE_CHART_DAYS` days ending today, oldest first. */
  days: z.array(storableString()),
  /** Users registered on each day of `days`. */
  new_users: z.array(z.number().int()),
  /** Page views of every site on each day, each site counting its own local day (as 站点列表 does). */
  events: z.array(z.number().int()),
  audit: z.array(auditRowSchema),
});
export type ConsoleAnswer = z.infer<typeof consoleAnswerSchema>;
