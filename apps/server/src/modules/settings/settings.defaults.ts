import { type Ad, DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '@tally/contracts';

/** Every setting with its default; the table holds only what an admin changed. */
export const SETTING_DEFAULTS = {
  ...DEFAULT_PUBLIC_SETTINGS,
  ads: [] as Ad[],
  registration_open: true,
  register_email_code: true,
  register_invite_required: false,
  /** SMTP from the back office; when smtp_host is empty the SMTP_URL variable is used. */
  smtp_host: '',
  smtp_port: 465,
  smtp_secure: true,
  smtp_user: '',
  smtp_pass: '',
  /** Sender of outgoing mail; empty means MAIL_FROM. */
  mail_from: '',
  /** Seal response payloads for sessions (PRODUCT.md "Encrypted payloads"). */
  crypt_enabled: false,
  /** Raw analytics events and visits older than this are deleted (0 keeps them); rollups stay. */
  events_retention_days: 400,
  // Finance (USDT on TRON, modules/finance). Amounts are USDT decimal strings (never floats).
  recharge_min: '10',
  recharge_max: '100000',
  /** Minutes a recharge waits for its payment. */
  recharge_expiry_minutes: 30,
  /** Minutes after expiry in which a late payment still credits its recharge (its amount stays reserved). */
  recharge_grace_minutes: 30,
  /** Credit only transfers TronGrid reports as confirmed (recommended: an unconfirmed one can vanish). */
  usdt_only_confirmed: true,
  trongrid_base_url: 'https://api.trongrid.io',
  /** Sealed like smtp_pass; empty calls TronGrid without a key (its much lower anonymous rate). */
  trongrid_api_key: '',
  /** Requests per second the chain watcher makes, over all addresses together. */
  trongrid_rate: 10,
  usdt_contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  withdrawal_min: '10',
  withdrawal_fee: '1',
  /** The most one user may withdraw per UTC day (amounts, fee excluded); '0' means no limit. */
  withdrawal_daily_limit: '10000',
  // Invites (modules/invites/README.md)
  /** Percent of an invitee's paid order total the inviter earns (integer 0–100; 0 stops new commission). */
  commission_rate: 10,
  /** Hours from payment to credit: a refund inside them cancels the commission before it is ever paid. */
  commission_delay_hours: 24,
  commission_transfer_open: true,
};

export type Settings = typeof SETTING_DEFAULTS;
export type SettingKey = keyof Settings;

export const PUBLIC_KEYS = [
  'webtitle',
  'weburl',
  'webclose',
  'kefu_link',
  'group_link',
  'email',
  'indexNotice',
  'indexNotice2',
  'indexNotice3',
  'tjDomains',
] as const satisfies readonly (keyof PublicSettings & SettingKey)[];
