import { type Ad, DEFAULT_WEBTITLE, type PublicSettings } from '@tally/contracts';

/** Every setting with its default; the table holds only what an admin changed. */
export const SETTING_DEFAULTS = {
  webtitle: DEFAULT_WEBTITLE,
  weburl: '',
  webclose: 0 as 0 | 1,
  kefu_link: '',
  group_link: '',
  email: '',
  indexNotice: '',
  indexNotice2: '',
  indexNotice3: '',
  tjDomains: '[]',
  ads: [] as Ad[],
  registration_open: true,
  register_email_code: true,
  register_invite_required: false,
  /** Seal response payloads for sessions (PRODUCT.md "Encrypted payloads"). */
  crypt_enabled: false,
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
