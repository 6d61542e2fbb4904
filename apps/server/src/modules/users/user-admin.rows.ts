import {
  ACCOUNT_STATUS_LABELS,
  type AdminUserRow,
  formatMicros,
  ROLE_LABELS,
  type UserRole,
} from '@tally/contracts';
import type { CsvSpec } from '../../lib/csv-export.js';
import type { AdminUserRecord } from './user-admin.repository.js';

/** A list row as the contract answers it. Any status but active reads as banned. */
export function toAdminRow({ user, sitesCount }: AdminUserRecord): AdminUserRow {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    roles: user.roles as UserRole[],
    status: user.status === 'active' ? 'active' : 'banned',
    balance: formatMicros(user.balance),
    commission_balance: formatMicros(user.commissionBalance),
    invite_code: user.inviteCode,
    invited_by: user.invitedBy,
    sites_count: sitesCount,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    last_login_ip: user.lastLoginIp,
    created_at: user.createdAt.toISOString(),
  };
}

/** What an audit row keeps of an account before and after a change (never the password hash). */
export const auditView = (u: { username: string; email: string; roles: string[]; status: string }) => ({
  username: u.username,
  email: u.email,
  roles: u.roles,
  status: u.status,
});

/** 用户管理's CSV columns (lib/csv-export.ts writes them: roles and status in words, times in the zone). */
export const USER_CSV: CsvSpec<AdminUserRow> = {
  file: 'users',
  columns: [
    { key: 'id', label: { zh: 'ID', en: 'ID' } },
    { key: 'username' },
    { key: 'email' },
    { key: 'roles', labels: ROLE_LABELS },
    { key: 'status', labels: ACCOUNT_STATUS_LABELS },
    { key: 'balance', label: { zh: '余额(USDT)', en: 'Balance (USDT)' } },
    { key: 'commission_balance', label: { zh: '佣金(USDT)', en: 'Commission (USDT)' } },
    { key: 'invite_code' },
    { key: 'invited_by', label: { zh: '邀请人ID', en: 'Invited by (id)' } },
    { key: 'sites_count', label: { zh: '站点数', en: 'Sites' } },
    { key: 'last_login_at', label: { zh: '最后登录时间', en: 'Last sign-in' }, time: true },
    { key: 'last_login_ip', label: { zh: '最后登录IP', en: 'Last sign-in IP' } },
    { key: 'created_at', label: { zh: '注册时间', en: 'Registered' }, time: true },
  ],
};
