// The settings' zod schemas, apart from admin-settings.ts (its constants), so /admin/setting's first
// load does not carry zod: settings-api.ts passes these to its calls and the web build drops them.
import { z } from 'zod';
import { AD_POSITIONS } from './admin-settings.js';
import { MONEY_ERRORS, parseMicros } from './money.js';
import { adSchema, publicSettingsSchema } from './settings.js';
import { imageSourceSchema, plainText, safeLinkSchema, storableString } from './text.js';
import { tronAddressSchema } from './tron-schemas.js';

export const publicSettingsResponseSchema = z.object({
  set: publicSettingsSchema,
  ads: z.array(adSchema),
});
export type PublicSettingsResponse = z.infer<typeof publicSettingsResponseSchema>;

export const adInputSchema = z.object({
  /** Kept when editing an ad; the server gives new ads an id. */
  id: storableString()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ or -')
    .optional(),
  title: plainText(64).min(1, 'required'),
  image: imageSourceSchema.refine((v) => v !== '', 'required'),
  link: safeLinkSchema,
  position: z.enum(AD_POSITIONS),
  order: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
});
export type AdInput = z.input<typeof adInputSchema>;

const HOST =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

/** A tracking domain: a host name (`tj.example.com`) or an origin (`https://tj.example.com`), no path. */
export const trackingDomainSchema = storableString()
  .trim()
  .toLowerCase()
  .max(300)
  .refine((v) => {
    const m = /^(https?:\/\/)?([^/]+)\/?$/.exec(v);
    return !!m && HOST.test(m[2]!);
  }, 'a host name or http(s) origin, without a path');

/** A USDT amount kept as its decimal string (settings are JSON; never a float). */
const usdtSetting = storableString()
  .trim()
  .refine((v) => (parseMicros(v) ?? 0n) > 0n, MONEY_ERRORS.format);
const usdtSettingOrZero = storableString()
  .trim()
  .refine((v) => (parseMicros(v) ?? -1n) >= 0n, MONEY_ERRORS.format);

const webclose = z.union([z.literal(0), z.literal(1)]);
const emailOrEmpty = plainText(254).refine(
  (v) => v === '' || z.email().safeParse(v).success,
  'not a valid email address',
);
const httpUrlOrEmpty = plainText(2048).refine((v) => {
  if (v === '') return true;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, 'must be an http(s) address');

/**
 * Every setting an admin edits, as `POST setting/save` accepts it: any subset of these keys, each
 * checked on its own (unknown keys are refused). Saving a tab sends that tab's keys.
 */
export const adminSettingsInputSchema = z.object({
  // basic
  webtitle: plainText(64).min(1, 'required'),
  weburl: httpUrlOrEmpty,
  email: emailOrEmpty,
  kefu_link: safeLinkSchema,
  group_link: safeLinkSchema,
  webclose,
  // notices: plain text, shown as text (line breaks kept), never as HTML
  indexNotice: plainText(5000),
  indexNotice2: plainText(5000),
  indexNotice3: plainText(5000),
  // ads
  ads: z.array(adInputSchema).max(50),
  // tracking domains (stored and sent in `data.set.tjDomains` as a JSON string of this list)
  tjDomains: z.array(trackingDomainSchema).max(20),
  // mail: when smtp_host is empty the SMTP_URL environment variable (or the outbox only) is used
  smtp_host: plainText(253),
  smtp_port: z.number().int().min(1).max(65535),
  /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
  smtp_secure: z.boolean(),
  smtp_user: plainText(254),
  /** Write-only: a non-empty value replaces the stored password; empty or absent keeps it. */
  smtp_pass: storableString().max(256),
  mail_from: plainText(254),
  // registration
  registration_open: z.boolean(),
  register_email_code: z.boolean(),
  register_invite_required: z.boolean(),
  // system
  crypt_enabled: z.boolean(),
  events_retention_days: z.number().int().min(0).max(3650),
  // finance (USDT on TRON); amounts are decimal strings
  recharge_min: usdtSetting,
  recharge_max: usdtSetting,
  recharge_expiry_minutes: z.number().int().min(5).max(1440),
  recharge_grace_minutes: z.number().int().min(0).max(1440),
  usdt_only_confirmed: z
    .boolean()
    .describe(
      'Off: a transfer is credited before the chain confirms it, and one the chain then drops stays credited (the watcher re-checks them for a day and flags the ones that vanish). Keep it on.',
    ),
  trongrid_base_url: httpUrlOrEmpty.refine((v) => v !== '', 'required'),
  /** Write-only, like smtp_pass. */
  trongrid_api_key: storableString().max(128),
  trongrid_rate: z.number().int().min(1).max(100),
  usdt_contract: tronAddressSchema,
  withdrawal_min: usdtSetting,
  withdrawal_fee: usdtSettingOrZero,
  withdrawal_daily_limit: usdtSettingOrZero,
  // invites (modules/invites): percent of an invitee's paid order, hours before it is credited
  commission_rate: z.number().int().min(0).max(100),
  commission_delay_hours: z.number().int().min(0).max(8760),
  commission_transfer_open: z.boolean(),
});

/** Any subset of the settings; a key that is none is refused by name (`unknown setting: foo`). */
export const adminSettingsUpdateSchema = z.strictObject(adminSettingsInputSchema.partial().shape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `unknown setting${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
      : undefined,
});
export type AdminSettingsUpdate = z.input<typeof adminSettingsUpdateSchema>;

/** `GET setting/fetch`: every setting; the SMTP password is never sent back, only whether one is stored. */
export const adminSettingsSchema = adminSettingsInputSchema
  .omit({ smtp_pass: true, trongrid_api_key: true, ads: true })
  .extend({
    ads: z.array(adSchema),
    smtp_pass_set: z.boolean(),
    trongrid_api_key_set: z.boolean(),
    /** Which SMTP the mail module uses now: these settings, the SMTP_URL variable, or none (outbox only). */
    smtp_source: z.enum(['settings', 'env', 'none']),
  });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** `POST setting/save` answers with the settings after the change and the keys that changed. */
export const adminSettingsSaveResponseSchema = z.object({
  settings: adminSettingsSchema,
  changed: z.array(storableString()),
});

export type AdminSettingsInput = z.infer<typeof adminSettingsInputSchema>;

export const testMailBodySchema = z.object({
  to: plainText(254).pipe(z.email('not a valid email address')),
});
export const testMailResponseSchema = z.object({
  /** `sent`: the SMTP server accepted it; `stored`: no SMTP configured, kept in the outbox only. */
  status: z.enum(['sent', 'stored']),
  id: z.number().int(),
});
