import { type AdminUserRow, formatMicros, type UserRole } from '@tally/contracts';
import { csvLine } from '../../lib/csv.js';
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

type CsvLanguage = 'zh-CN' | 'en-US';

const CSV_COLUMNS: [keyof AdminUserRow, string, string][] = [
  ['id', 'ID', 'ID'],
  ['username', '用户名', 'Username'],
  ['email', '邮箱', 'Email'],
  ['roles', '角色', 'Roles'],
  ['status', '状态', 'Status'],
  ['balance', '余额(USDT)', 'Balance (USDT)'],
  ['commission_balance', '佣金(USDT)', 'Commission (USDT)'],
  ['invite_code', '邀请码', 'Invite code'],
  ['invited_by', '邀请人ID', 'Invited by (id)'],
  ['sites_count', '站点数', 'Sites'],
  ['last_login_at', '最后登录时间', 'Last sign-in'],
  ['last_login_ip', '最后登录IP', 'Last sign-in IP'],
  ['created_at', '注册时间', 'Registered'],
];

export const csvHeading = (lang: CsvLanguage) =>
  csvLine(CSV_COLUMNS.map(([, zh, en]) => (lang === 'zh-CN' ? zh : en)));

export const csvRow = (row: AdminUserRow) =>
  csvLine(
    CSV_COLUMNS.map(([key]) => (Array.isArray(row[key]) ? (row[key] as string[]).join(' ') : row[key])),
  );
