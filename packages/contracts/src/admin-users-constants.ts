// Zod-free constants of 用户管理 (the schemas in admin-users-schemas.ts read them too).

export const USER_STATUSES = ['active', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_USER_SORTS = [
  '-id',
  'id',
  '-created_at',
  'created_at',
  '-last_login_at',
  'last_login_at',
  '-balance',
  'balance',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** How many sites, sessions and invitees the drawer lists (newest first); the totals say what is beyond. */
export const ADMIN_USER_DETAIL_LIMIT = 50;

/** The audit trail's actions of 用户管理 (audit.ts gathers every area's; the web labels each). */
export const USERS_AUDIT_ACTIONS = [
  'users.create',
  'users.update',
  'users.ban',
  'users.unban',
  'users.reset_password',
  'users.revoke_session',
  'users.adjust_balance',
] as const;
