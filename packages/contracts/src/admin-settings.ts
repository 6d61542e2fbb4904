import { z } from 'zod';
import { MONEY_ERRORS, parseMicros } from './money.js';
import { adSchema, publicSettingsSchema } from './settings.js';
import { imageSourceSchema, plainText, safeLinkSchema, storableString } from './text.js';
import { tronAddressSchema } from './tron.js';

/** The static page a closed site sends visitors to (seed section 8). */
export const SITE_CLOSED_PAGE = '/beian.html';

export const publicSettingsResponseSchema = z.object({
  set: publicSettingsSchema,
  ads: z.array(adSchema),
});
export type PublicSettingsResponse = z.infer<typeof publicSettingsResponseSchema>;

/** Where an ad may be shown; the page that shows it filters `data.ads` by position. */
export const AD_POSITIONS = ['home', 'articles', 'dashboard'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

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

/** Tabs of /admin/setting and their keys; finance and Telegram are filled in by their issues. */
export const SETTING_GROUPS = {
  basic: ['webtitle', 'weburl', 'email', 'kefu_link', 'group_link', 'webclose'],
  notices: ['indexNotice', 'indexNotice2', 'indexNotice3'],
  ads: ['ads'],
  tracking: ['tjDomains'],
  mail: ['smtp_host', 'smtp_port', 'smtp_secure', 'smtp_user', 'smtp_pass', 'mail_from'],
  registration: ['registration_open', 'register_email_code', 'register_invite_required'],
  system: ['crypt_enabled', 'events_retention_days'],
  finance: [
    'recharge_min',
    'recharge_max',
    'recharge_expiry_minutes',
    'recharge_grace_minutes',
    'usdt_only_confirmed',
    'trongrid_base_url',
    'trongrid_api_key',
    'trongrid_rate',
    'usdt_contract',
    'withdrawal_min',
    'withdrawal_fee',
    'withdrawal_daily_limit',
    'commission_rate',
    'commission_delay_hours',
    'commission_transfer_open',
  ],
  telegram: [],
} as const satisfies Record<string, readonly (keyof z.infer<typeof adminSettingsInputSchema>)[]>;
export type SettingGroup = keyof typeof SETTING_GROUPS;

export const testMailBodySchema = z.object({
  to: plainText(254).pipe(z.email('not a valid email address')),
});
export const testMailResponseSchema = z.object({
  /** `sent`: the SMTP server accepted it; `stored`: no SMTP configured, kept in the outbox only. */
  status: z.enum(['sent', 'stored']),
  id: z.number().int(),
});

/** The audit trail's actions of 系统设置 (audit.ts gathers every area's; the web labels each). */
export const SETTINGS_AUDIT_ACTIONS = ['settings.update', 'settings.test_mail'] as const;
