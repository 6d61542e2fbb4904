import { type AdminUserDetail, displayUsdt } from '@tally/contracts';
import { Button, Descriptions, Drawer, Empty, List, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { useRevokeSession, useUserDetail } from '../api';
import { UserApiKeys } from './user-api-keys';
import type { ModalApi } from './user-dialog';
import { UserLedger } from './user-ledger';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {title}
      </Typography.Title>
      {children}
    </>
  );
}

function Sessions({ detail, modal }: { detail: AdminUserDetail; modal: ModalApi }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const revoke = useRevokeSession();
  const end = async (sessionId: number) => {
    if (!(await confirmDanger(modal, t('adminUsers.drawer.revokeConfirm'), t('adminUsers.drawer.revoke'))))
      return;
    revoke.mutate(
      { id: detail.user.id, session_id: sessionId },
      { onSuccess: () => void message.success(t('adminUsers.drawer.revoked')) },
    );
  };
  return (
    <List
      size="small"
      dataSource={detail.sessions}
      locale={{ emptyText: t('adminUsers.drawer.noSessions') }}
      data-testid="users-sessions"
      renderItem={(s) => (
        <List.Item
          actions={[
            <Button key="end" danger size="small" onClick={() => void end(s.id)} data-testid="users-revoke">
              {t('adminUsers.drawer.revoke')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={
              <>
                {s.ip ?? '—'} {s.kind === 'client' && <Tag>{t('adminUsers.drawer.client')}</Tag>}
              </>
            }
            description={
              <>
                {t('adminUsers.drawer.lastSeen')}: <RelativeTime value={s.last_seen_at} />
                <br />
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
                  {s.user_agent ?? ''}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

function Body({ detail, modal }: { detail: AdminUserDetail; modal: ModalApi }) {
  const { t } = useTranslation();
  const { user } = detail;
  return (
    <>
      <Descriptions size="small" column={1} bordered data-testid="users-profile">
        <Descriptions.Item label="ID">{user.id}</Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.form.email')}>{user.email}</Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.col.roles')}>
          {user.roles.map((r) => t(`adminUsers.roles.${r}`)).join('、')}
        </Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.col.balance')}>
          {displayUsdt(user.balance)} USDT
        </Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.col.commission')}>
          {displayUsdt(user.commission_balance)} USDT
        </Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.col.inviteCode')}>
          <Typography.Text copyable>{user.invite_code}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.drawer.invitedBy')}>
          {user.invited_by ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.col.lastLogin')}>
          {user.last_login_at ? <RelativeTime value={user.last_login_at} /> : t('adminUsers.never')}
        </Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.drawer.lastLoginIp')}>
          {user.last_login_ip ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('adminUsers.col.created')}>
          {formatDate(user.created_at)}
        </Descriptions.Item>
      </Descriptions>
      <Section title={t('adminUsers.drawer.ledger')}>
        <UserLedger id={user.id} />
      </Section>
      <Section title={t('adminUsers.drawer.sites', { count: user.sites_count })}>
        <List
          size="small"
          dataSource={detail.sites}
          locale={{ emptyText: t('adminUsers.drawer.noSites') }}
          renderItem={(s) => (
            <List.Item>
              <List.Item.Meta title={s.name} description={s.domain} />
            </List.Item>
          )}
        />
      </Section>
      <Section title={t('adminUsers.drawer.sessions', { count: detail.sessions.length })}>
        <Sessions detail={detail} modal={modal} />
      </Section>
      <Section title={t('userApiKeys.title')}>
        <UserApiKeys id={user.id} modal={modal} />
      </Section>
      <Section title={t('adminUsers.drawer.invitees', { count: detail.invitees_total })}>
        <List
          size="small"
          dataSource={detail.invitees}
          locale={{ emptyText: t('adminUsers.drawer.noInvitees') }}
          footer={
            detail.invitees_total > detail.invitees.length
              ? t('adminUsers.drawer.more', { shown: detail.invitees.length, count: detail.invitees_total })
              : undefined
          }
          renderItem={(u) => (
            <List.Item>
              <List.Item.Meta
                title={`${u.username} (#${u.id})`}
                description={`${u.email} · ${formatDate(u.created_at)}`}
              />
            </List.Item>
          )}
        />
      </Section>
    </>
  );
}

/** One account: profile, last sign-in, sites, live sessions (each can be ended) and invitees. */
export function UserDrawer({ id, modal, onClose }: { id: number; modal: ModalApi; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useUserDetail(id);
  return (
    <Drawer
      open
      width="min(640px, 100vw)"
      title={t('adminUsers.drawer.title', { name: detail.data?.user.username ?? `#${id}` })}
      onClose={onClose}
      data-testid="users-drawer"
    >
      {detail.data ? <Body detail={detail.data} modal={modal} /> : detail.isLoading ? <Spin /> : <Empty />}
    </Drawer>
  );
}
