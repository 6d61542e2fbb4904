import { z } from 'zod';
import { siteSummarySchema } from './auth.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
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

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

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

/** The owner's sites and site groups (seed section 6). */
export const SITES_API = defineApi('sites', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/api2/sites/fetch',
    access: 'dashboard',
    summary: 'List the sites the caller may manage, with their day totals',
    query: siteListQuerySchema,
    response: pageSchema(siteSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/api2/sites/detail',
    access: 'dashboard',
    summary: 'One site',
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: siteSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/save',
    access: 'dashboard',
    summary: 'Create a site (no id) or update one',
    body: siteSaveBodySchema,
    response: siteSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/del',
    access: 'dashboard',
    summary: 'Delete sites and their data',
    body: idsBodySchema,
    response: nothing,
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/switch',
    access: 'dashboard',
    summary: 'Turn tracking of a site on or off',
    body: siteSwitchBodySchema,
    response: nothing,
  }),
  share: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/share',
    access: 'dashboard',
    summary: "Turn a site's share link on, rotate it, turn it off or set its password",
    body: siteShareBodySchema,
    response: siteShareSchema,
  }),
  groupDetail: endpoint({
    method: 'GET',
    path: '/api/v1/api2/sites/groupDetail',
    access: 'sitesGroup',
    summary: 'Every site group with its sites, and the sites in no group',
    response: groupDetailSchema,
  }),
  groupSave: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/groupSave',
    access: 'sitesGroup',
    summary: 'Create a site group (no id) or rename one',
    body: groupSaveBodySchema,
    response: z.object({ id: z.number(), name: z.string() }),
  }),
  groupDel: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/groupDel',
    access: 'sitesGroup',
    summary: 'Delete site groups (their sites fall back to no group)',
    body: idsBodySchema,
    response: nothing,
  }),
  groupMove: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/groupMove',
    access: 'sitesGroup',
    summary: 'Move sites into a group, or out of every group (null)',
    body: groupMoveBodySchema,
    response: nothing,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const SITES_PATHS = pathsOf(SITES_API);
