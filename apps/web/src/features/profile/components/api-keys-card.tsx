import './api-key-messages';
import { PlusOutlined } from '@ant-design/icons';
import type { ApiKey } from '@tally/contracts';
import { Button, Card, Grid, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineCode } from '../../../components/inline-code';
import { useRelativeTime } from '../../../components/relative-time';
import { UserText } from '../../../components/user-text';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { useApiKeys, useRevokeApiKey } from '../api';
import { ApiKeyCreateModal } from './api-key-create-modal';
import { ApiKeyCreatedModal } from './api-key-created-modal';
import { scopeKey } from './api-key-messages';

const STATUS_COLOR = { active: 'green', expired: 'orange', revoked: 'default' } as const;

function KeyItem({ apiKey, narrow }: { apiKey: ApiKey; narrow: boolean }) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  const { message } = useFeedback();
  const revoke = useRevokeApiKey();
  const onRevoke = () =>
    revoke.mutate({ id: apiKey.id }, { onSuccess: () => void message.success(t('apiKeys.revoked')) });
  return (
    <List.Item
      data-testid="api-key-item"
      // In line with the card's intro rather than indented: a phone has no width to spare.
      style={{ paddingInline: 0 }}
      styles={narrow ? { actions: { marginInlineStart: 0 } } : undefined}
      actions={
        apiKey.status === 'revoked'
          ? []
          : [
              <Popconfirm
                key="revoke"
                title={t('apiKeys.revokeConfirm', { name: apiKey.name })}
                okText={t('apiKeys.revoke')}
                okButtonProps={{ danger: true }}
                cancelText={t('apiKeys.cancel')}
                onConfirm={onRevoke}
              >
                <Button danger size="small" loading={revoke.isPending} data-testid="api-key-revoke">
                  {t('apiKeys.revoke')}
                </Button>
              </Popconfirm>,
            ]
      }
    >
      <List.Item.Meta
        title={
          <Space wrap size={4}>
            <UserText>{apiKey.name}</UserText>
            <Typography.Text code>{apiKey.prefix}…</Typography.Text>
            <Tag color={STATUS_COLOR[apiKey.status]}>{t(`apiKeys.status.${apiKey.status}`)}</Tag>
          </Space>
        }
        description={
          <>
            <div>
              {apiKey.scopes.map((scope) => (
                <Tag key={scope}>{t(`apiKeys.scope.${scopeKey(scope)}`)}</Tag>
              ))}
            </div>
            <div>
              {apiKey.last_used_at
                ? t('apiKeys.lastUsed', {
                    time: ago(apiKey.last_used_at),
                    ip: apiKey.last_used_ip ?? '—',
                  })
                : t('apiKeys.neverUsed')}
            </div>
            {/* Each part wraps as a whole (its dot kept at the end of a line): a phone breaks between them. */}
            <Space wrap size={[6, 0]}>
              <span>
                {apiKey.expires_at
                  ? t('apiKeys.expiresAt', { time: formatDate(apiKey.expires_at) })
                  : `${t('apiKeys.expires')}: ${t('apiKeys.never')}`}
                {' ·'}
              </span>
              <span>
                {t('apiKeys.from', {
                  ips: apiKey.allowed_ips.length ? apiKey.allowed_ips.join(', ') : t('apiKeys.anyAddress'),
                })}
                {' ·'}
              </span>
              <span>{t('apiKeys.createdAt', { time: formatDate(apiKey.created_at) })}</span>
            </Space>
          </>
        }
      />
    </List.Item>
  );
}

/** 个人中心's API keys: the list, a new key (shown once), revoking one. */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  // On a phone the revoke button goes under the key's lines instead of taking a column beside them.
  const narrow = Grid.useBreakpoint().sm === false;
  const [open, setOpen] = useState<'create' | { key: string } | null>(null);
  return (
    <Card
      title={t('apiKeys.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setOpen('create')} data-testid="api-key-new">
          {t('apiKeys.create')}
        </Button>
      }
      data-testid="api-keys"
    >
      <Typography.Paragraph type="secondary">
        <InlineCode text={t('apiKeys.intro')} />
      </Typography.Paragraph>
      <List
        size="small"
        itemLayout={narrow ? 'vertical' : 'horizontal'}
        loading={keys.isLoading}
        dataSource={keys.data?.list ?? []}
        locale={{ emptyText: t('apiKeys.empty') }}
        renderItem={(apiKey) => <KeyItem apiKey={apiKey} narrow={narrow} />}
      />
      {open === 'create' && (
        <ApiKeyCreateModal
          onCreated={(created) => setOpen({ key: created.key })}
          onClose={() => setOpen(null)}
        />
      )}
      {open !== null && open !== 'create' && (
        <ApiKeyCreatedModal apiKey={open.key} onClose={() => setOpen(null)} />
      )}
    </Card>
  );
}
