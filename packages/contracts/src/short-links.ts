import { z } from 'zod';
import { csvQuery } from './csv-schemas.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { plainText, storableString } from './text.js';

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

export const shortCodeSchema = plainText(SHORT_CODE_MAX)
  .min(1, 'required')
  .regex(SHORT_CODE_PATTERN, 'letters, digits, _ or -')
  .refine((v) => !isReservedShortCode(v), SHORT_LINK_ERRORS.reserved);

export const shortTargetSchema = plainText(SHORT_TARGET_MAX)
  .min(1, 'required')
  .refine(isAbsoluteHttpUrl, SHORT_LINK_ERRORS.target);

/** On/off as the seed's flags are written (0/1); booleans are taken too. */
const statusFlag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === true || v === 1);

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

/** The seed's four short-link calls (section 7), spelled as the seed spells them (`shot_url`). */
export const SHORT_LINK_API = defineApi('short-links', {
  /** A page (search, status, sort), or one link with its click statistics when `id` is given. */
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/shot_url/fetch',
    access: 'shortLinks',
    summary: 'List short links, or one link with its click statistics (id)',
    query: shortLinkFetchQuerySchema,
    response: shortLinkFetchResultSchema,
  }),
  /** The filtered short links as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/shot_url/export',
    access: 'shortLinks',
    file: true,
    summary: 'The filtered short links as a CSV file',
    query: csvQuery(shortLinkFetchQuerySchema),
    response: nothing,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/shot_url/save',
    access: 'shortLinks',
    summary: 'Create a short link (no id) or update one',
    body: shortLinkSaveBodySchema,
    response: shortLinkSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/shot_url/del',
    access: 'shortLinks',
    summary: 'Delete short links',
    body: shortLinkDeleteBodySchema,
    response: z.object({ deleted: z.array(z.number().int()) }),
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/shot_url/switch',
    access: 'shortLinks',
    summary: 'Turn a short link on or off',
    body: shortLinkSwitchBodySchema,
    response: shortLinkSchema,
  }),
});

/** The calls' paths (tests and links name a call by its path). */
export const SHORT_LINK_PATHS = pathsOf(SHORT_LINK_API);

/** The audit trail's actions of 短链管理 (audit.ts gathers every area's; the web labels each). */
export const SHORT_LINKS_AUDIT_ACTIONS = [
  'short_links.create',
  'short_links.update',
  'short_links.status',
  'short_links.delete',
] as const;
