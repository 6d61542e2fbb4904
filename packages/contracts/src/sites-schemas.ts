/**
 * The schemas of sites and site groups (sites.ts declares their calls). Apart from the calls so that
 * the first loads that list sites (a user's /dashboard, the console) do not carry them and zod with them.
 */
import { z } from 'zod';
import { siteSummarySchema } from './auth-schemas.js';
import { pageQuerySchema } from './envelope.js';
import { DEFAULT_TIMEZONE, HIT_DROP_REASONS } from './site-constants.js';
import { storableString } from './text.js';

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A site domain as the owner types it (`https://Example.com/path`, `例子.中国`) → its ASCII hostname. */
export const siteDomainSchema = storableString()
  .trim()
  .max(253)
  .transform((value) => {
    try {
      return new URL(value.includes('://') ? value : `http://${value}`).hostname.replace(/\.$/, '');
    } catch {
      return '';
    }
  })
  .pipe(storableString().regex(HOSTNAME, 'not a valid domain'));

export const timezoneSchema = storableString()
  .trim()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone');

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:\d+\.\d+\.\d+\.\d+)?$/i;

/** One ignored address or CIDR range (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/32`). */
export const ignoredIpSchema = storableString()
  .trim()
  .refine((entry) => {
    const [addr = '', bits, extra] = entry.split('/');
    if (extra !== undefined) return false;
    const v4 = IPV4.test(addr);
    const v6 = !v4 && IPV6.test(addr) && addr.includes(':');
    if (!v4 && !v6) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128));
  }, 'not an IP address or CIDR range');

/** An Umami website id: printable, no spaces (it is sent in JSON and shown in the old snippet). */
export const umamiIdSchema = storableString()
  .trim()
  .min(1, 'required')
  .max(64)
  .regex(/^[\x21-\x7e]+$/, 'not a valid Umami website id');

/** A Matomo `idsite`: a positive whole number. */
export const matomoIdSchema = storableString().regex(/^[1-9]\d{0,9}$/, 'not a valid Matomo site id');

/** `POST sites/save`: create, or update when `id` is given. */
export const siteSaveBodySchema = z.object({
  id: z.number().int().positive().optional(),
  name: storableString().trim().min(1, 'required').max(64),
  domains: z.array(siteDomainSchema).min(1, 'at least one domain').max(20),
  group_id: z.number().int().positive().nullable().default(null),
  timezone: timezoneSchema.default(DEFAULT_TIMEZONE),
  ignored_ips: z.array(ignoredIpSchema).max(100).default([]),
  cookieless: z.boolean().default(false),
  respect_dnt: z.boolean().default(false),
  mask_ip: z.boolean().default(false),
  enabled: z.boolean().default(true),
  /** Umami website ids this site answers to (SITE_ALIAS_KINDS); omitted on update: left as they are. */
  umami_ids: z.array(umamiIdSchema).max(10).optional(),
  /** The Matomo `idsite` this site answers to; null: none; omitted on update: left as it is. */
  /** A number is taken too (Matomo's own configs write `idsite` as one); null removes the alias. */
  matomo_id: z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
      matomoIdSchema.nullable(),
    )
    .optional(),
});
export type SiteSaveBody = z.infer<typeof siteSaveBodySchema>;

export const siteShareSchema = z.object({
  enabled: z.boolean(),
  token: storableString().nullable(),
  url: storableString().nullable(),
  has_password: z.boolean(),
});

/** Totals of one site-local day, from the rollups (up to a minute behind). */
export const dayTotalsSchema = z.object({ pv: z.number().int(), uv: z.number().int(), ip: z.number().int() });
export type DayTotals = z.infer<typeof dayTotalsSchema>;

export const siteSchema = z.object({
  id: z.number().int(),
  name: storableString(),
  domain: storableString(),
  domains: z.array(storableString()),
  group_id: z.number().int().nullable(),
  timezone: storableString(),
  tracking_key: storableString(),
  ignored_ips: z.array(storableString()),
  cookieless: z.boolean(),
  respect_dnt: z.boolean(),
  mask_ip: z.boolean(),
  enabled: z.boolean(),
  umami_ids: z.array(storableString()),
  matomo_id: storableString().nullable(),
  share: siteShareSchema,
  owner_id: z.number().int(),
  owner_name: storableString(),
  created_at: storableString(),
  /** The `<script>` tag for the site dialog. */
  snippet: storableString(),
  /** For the 站点列表 dashboard. */
  stats: z.object({ today: dayTotalsSchema, yesterday: dayTotalsSchema }),
});
export type Site = z.infer<typeof siteSchema>;

export const siteListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['id', '-id', 'name', '-name', 'created_at', '-created_at']).default('-id'),
  group_id: z.coerce.number().int().min(0).optional(),
  keyword: storableString().trim().max(64).optional(),
});
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;

export const idsBodySchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) });
export const siteSwitchBodySchema = z.object({ id: z.number().int().positive(), status: z.boolean() });

/** `POST sites/share`: the owner turns the share link on, rotates it, turns it off, or sets a password. */
export const siteShareBodySchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(['enable', 'rotate', 'revoke', 'password']),
  /** With `enable` or `password`: a new password, or null/empty for none. */
  password: storableString().max(128).nullable().optional(),
});

export const siteGroupSchema = z.object({
  id: z.number().int(),
  name: storableString(),
  sites: z.array(siteSummarySchema),
});
export type SiteGroup = z.infer<typeof siteGroupSchema>;

/** `GET sites/groupDetail`: every group with its sites, and the sites in no group. */
export const groupDetailSchema = z.object({
  list: z.array(siteGroupSchema),
  ungrouped: z.array(siteSummarySchema),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const groupSaveBodySchema = z.object({
  id: z.number().int().positive().optional(),
  name: storableString().trim().min(1, 'required').max(32),
});
export const groupMoveBodySchema = z.object({
  site_ids: z.array(z.number().int().positive()).min(1).max(200),
  group_id: z.number().int().positive().nullable(),
});

export const firstHitSchema = z.object({
  /** The site's newest page view or event (of the last 30 days), or null while none has arrived. */
  last_hit: z
    .object({ at: storableString(), url: storableString(), path: storableString(), title: storableString() })
    .nullable(),
  /**
   * Hits not counted in the last HIT_DROP_WINDOW_MINUTES, by reason. Counted in the memory of the
   * process that received them: a restart forgets them, and with several processes each knows its own.
   */
  dropped: z.array(
    z.object({ reason: z.enum(HIT_DROP_REASONS), count: z.number().int(), last_at: storableString() }),
  ),
});
export type FirstHit = z.infer<typeof firstHitSchema>;
