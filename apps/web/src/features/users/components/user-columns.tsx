import { type AdminUserRow, displayUsdt } from '@tally/contracts';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import type { ResourceColumns } from '../../../components/resource-table/resource-table';
import { switchColumn } from '../../../components/resource-table/switch-column';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { useAppStore } from '../../../stores/app';
import { useResetPassword, useSwitchUser } from '../api';
import type { ModalApi, UserDialog } from './user-dialog';

const ROLE_COLOR: Record<string, string> = { admin: 'red', article_editor: 'blue', user: 'default' };

/** The list's columns: who, roles, money, sites, sign-in, the ban switch and the row's actions. */
export function useUserColumns({ modal, open }: { modal: ModalApi; open(dialog: UserDialog): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const switchUser = useSwitchUser();
  const reset = useResetPassword();
  const [pending, setPending] = useState<number>();
  const desktop = useAppStore((s) => s.device) === 'desktop';

  const toggleBan = async (row: AdminUserRow, banned: boolean) => {
    const name = row.username;
    const ok = banned
      ? await confirmDanger(modal, t('adminUsers.ban.confirm', { name }), t('adminUsers.ban.ok'))
      : await modal.confirm({
          title: t('adminUsers.ban.unbanConfirm', { name }),
          okText: t('adminUsers.ban.unbanOk'),
        });
    if (!ok) return;
    setPending(row.id);
    switchUser.mutate(
      { id: row.id, status: banned ? 'banned' : 'active' },
      {
        onSuccess: () =>
          void message.success(t(banned ? 'adminUsers.ban.banned' : 'adminUsers.ban.unbanned', { name })),
        onSettled: () => setPending(undefined),
      },
    );
  };

  const resetPassword = async (row: AdminUserRow) => {
    const ok = await confirmDanger(
      modal,
      t('adminUsers.password.confirm', { name: row.username }),
      t('adminUsers.password.ok'),
    );
    if (ok)
      reset.mutate(
        { id: row.id },
        { onSuccess: ({ password }) => open({ kind: 'password', user: row, password }) },
      );
  };

  const columns: ResourceColumns<AdminUserRow> = [
    { title: t('adminUsers.col.id'), dataIndex: 'id', sortKey: 'id', width: 64 },
    {
      title: t('adminUsers.col.user'),
      dataIndex: 'username',
      userContent: true,
      render: (_: string, row) => (
        <span className="users-cell-name">
          {/* An href makes the link reachable by Tab and Enter (issue 29); the click stays in the page. */}
          <Typography.Link
            href={`#user-${row.id}`}
            onClick={(event) => {
              event.preventDefault();
              open({ kind: 'detail', id: row.id });
            }}
            data-testid="users-open"
          >
            {row.username}
          </Typography.Link>
          <Typography.Text type="secondary">{row.email}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('adminUsers.col.roles'),
      dataIndex: 'roles',
      render: (roles: string[], row) => (
        <>
          {roles.map((r) => (
            <Tag key={r} color={ROLE_COLOR[r]}>
              {t(`adminUsers.roles.${r}`)}
            </Tag>
          ))}
          {row.status === 'banned' && <Tag color="error">{t('adminUsers.status.banned')}</Tag>}
        </>
      ),
    },
    {
      title: t('adminUsers.col.balance'),
      dataIndex: 'balance',
      sortKey: 'balance',
      align: 'right',
      render: (b: string) => displayUsdt(b),
    },
    {
      title: t('adminUsers.col.commission'),
      dataIndex: 'commission_balance',
      align: 'right',
      render: (b: string) => displayUsdt(b),
    },
    { title: t('adminUsers.col.sites'), dataIndex: 'sites_count', align: 'right' },
    {
      title: t('adminUsers.col.lastLogin'),
      dataIndex: 'last_login_at',
      sortKey: 'last_login_at',
      // Relative (5分钟前) with the exact time in its tooltip: a full date beside an IP was cut at 1280px.
      width: 130,
      render: (at: string | null, row) =>
        at ? (
          <span className="users-cell-name" data-testid="users-last-login">
            <RelativeTime value={at} />
            <Typography.Text type="secondary">{row.last_login_ip}</Typography.Text>
          </span>
        ) : (
          t('adminUsers.never')
        ),
    },
    {
      title: t('adminUsers.col.created'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: (at: string) => formatDate(at, '{y}-{m}-{d}'),
    },
    switchColumn<AdminUserRow>({
      title: t('adminUsers.col.banned'),
      checked: (row) => row.status === 'banned',
      pending: (row) => pending === row.id,
      onChange: (row, banned) => void toggleBan(row, banned),
      width: 72,
    }),
    {
      title: t('adminUsers.col.actions'),
      key: 'actions',
      // In view on desktops while the wide table scrolls under it; on phones it would cover the table.
      fixed: desktop ? 'right' : undefined,
      // Its three links wrap to two lines rather than pushing the columns before it under it.
      width: 170,
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => open({ kind: 'form', user: row })}
            data-testid="users-edit"
          >
            {t('adminUsers.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => open({ kind: 'balance', user: row })}
            data-testid="users-adjust"
          >
            {t('adminUsers.adjustBalance')}
          </Button>
          <Button type="link" size="small" onClick={() => void resetPassword(row)} data-testid="users-reset">
            {t('adminUsers.resetPassword')}
          </Button>
        </Space>
      ),
    },
  ];
  return columns;
}
