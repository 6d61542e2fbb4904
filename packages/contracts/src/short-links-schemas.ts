/**
 * The schemas of short links (short-links.ts declares their calls). Apart from the calls so that the
 * back office's short-link page does not carry them, and zod with them, on its first load.
 */
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope.js';
import {
  isAbsoluteHttpUrl,
  isReservedShortCode,
  SHORT_CODE_MAX,
  SHORT_CODE_PATTERN,
  SHORT_LINK_ERRORS,
  SHORT_LINK_SORTS,
  SHORT_TARGET_MAX,
} from './short-links-constants.js';
import { plainText, storableString } from './text.js';

export const shortCodeSchema = plainText(SHORT_CODE_MAX)
  .min(1, 'required')
  .regex(SHORT_CODE_PATTERN, 'letters, digits, _ or -')
  .refine((v) => !isReservedShortCode(v), SHORT_LINK_ERRORS.reserved);

export const shortTargetSchema = plainText(SHORT_TARGET_MAX)
  .min(1, 'required')
  .refine(isAbsoluteHttpUrl, SHORT_LINK_ERRORS.target);

/** On/off as the seed's flags are written (0/1); booleans are taken too. */
const statusFlag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === true || v === 1);

export const shortLinkFetchQuerySchema = pageQuerySchema.extend({
  /** One link with its statistics instead of a page. */
  id: z.coerce.number().int().positive().optional(),
  sort: z.enum(SHORT_LINK_SORTS).default('-id'),
  /** Matches code, target or title. */
  keyword: plainText(64).optional(),
  status: z.enum(['0', '1']).optional(),
  /** Days of clicks in the detail's statistics. */
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export type ShortLinkFetchQuery = z.input<typeof shortLinkFetchQuerySchema>;

export const shortLinkSchema = z.object({
  id: z.number().int(),
  code: storableString(),
  /** `/s/{code}`: prefix it with the app's origin to share it. */
  path: storableString(),
  target: storableString(),
  title: storableString(),
  status: z.union([z.literal(0), z.literal(1)]),
  /** ISO time after which the link answers 404; null never expires. */
  expires_at: storableString().nullable(),
  /** Redirects allowed in all; null is unlimited. */
  max_visits: z.number().int().nullable(),
  clicks: z.number().int(),
  created_by: z.number().int().nullable(),
  created_by_name: storableString(),
  created_at: storableString(),
  updated_at: storableString(),
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

const countedSchema = z.object({ key: storableString(), clicks: z.number().int() });
export type ShortLinkCount = z.infer<typeof countedSchema>;

export const shortLinkStatsSchema = z.object({
  /** UTC days, oldest first, every day of the window (zero days included). */
  days: z.array(z.object({ day: storableString(), clicks: z.number().int() })),
  /** Top 10 of each, most clicks first; an empty key is unknown (or direct, for referrers). */
  areas: z.array(countedSchema),
  referrers: z.array(countedSchema),
  devices: z.array(countedSchema),
  browsers: z.array(countedSchema),
});
export type ShortLinkStats = z.infer<typeof shortLinkStatsSchema>;

export const shortLinkDetailSchema = shortLinkSchema.extend({ stats: shortLinkStatsSchema });
export type ShortLinkDetail = z.infer<typeof shortLinkDetailSchema>;

export const shortLinkPageSchema = pageSchema(shortLinkSchema);
export type ShortLinkPage = z.infer<typeof shortLinkPageSchema>;

export const shortLinkFetchResultSchema = z.union([shortLinkDetailSchema, shortLinkPageSchema]);

/** Create (no `id`; an empty or absent code is generated) or update (`id`; absent code is kept). */
export const shortLinkSaveBodySchema = z.object({
  id: z.number().int().positive().optional(),
  code: z.union([z.literal(''), shortCodeSchema]).optional(),
  target: shortTargetSchema,
  title: plainText(200).default(''),
  status: statusFlag.default(true),
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
  max_visits: z.number().int().min(1).max(2_000_000_000).nullable().default(null),
});
export type ShortLinkSaveBody = z.input<typeof shortLinkSaveBodySchema>;

export const shortLinkDeleteBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
});

export const shortLinkSwitchBodySchema = z.object({
  id: z.number().int().positive(),
  status: statusFlag,
});

/** `POST shot_url/del`: the ids that existed and are gone. */
export const shortLinkDeletedSchema = z.object({ deleted: z.array(z.number().int()) });
