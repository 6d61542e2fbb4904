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
