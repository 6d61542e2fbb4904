import type { AdminSettingsInput } from './admin-settings-schemas.js';

// Zod-free: the constants /admin/setting and the public pages read (the schemas are in
// admin-settings-schemas.ts).

/** The static page a closed site sends visitors to (seed section 8). */
export const SITE_CLOSED_PAGE = '/beian.html';

/** Where an ad may be shown; the page that shows it filters `data.ads` by position. */
export const AD_POSITIONS = ['home', 'articles', 'dashboard'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

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
} as const satisfies Record<string, readonly (keyof AdminSettingsInput)[]>;
export type SettingGroup = keyof typeof SETTING_GROUPS;

/** The audit trail's actions of 系统设置 (audit.ts gathers every area's; the web labels each). */
export const SETTINGS_AUDIT_ACTIONS = ['settings.update', 'settings.test_mail'] as const;
