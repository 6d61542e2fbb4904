import { Button, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRelativeTime } from '../../../components/relative-time';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import { addMessages } from '../../../lib/messages';
import { useRevokeUserApiKey, useUserApiKeys } from '../api';
import type { ModalApi } from './user-dialog';

const en = {
  userApiKeys: {
    title: 'API keys',
    empty: 'No API keys',
    status: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
    lastUsed: 'Last used {{time}} from {{ip}}',
    neverUsed: 'Never used',
    expires: 'expires {{time}}',
    revoke: 'Revoke',
    revokeConfirm: 'Revoke the key “{{name}}”? Scripts using it are refused from their next call.',
    revoked: 'Key revoked',
  },
};
const zh: typeof en = {
  userApiKeys: {
    title: 'API 密钥',
    empty: '没有 API 密钥',
    status: { active: '有效', expired: '已过期', revoked: '已撤销' },
    lastUsed: '最后使用：{{time}}，来自 {{ip}}',
    neverUsed: '从未使用',
    expires: '过期时间 {{time}}',
    revoke: '撤销',
    revokeConfirm: '撤销密钥“{{name}}”？使用它的脚本从下一次调用起会被拒绝。',
    revoked: '密钥已撤销',
  },
};
addMessages({ en, zh });

/** The user's API keys (never the keys themselves): when each was used, and revoking one. */
export function UserApiKeys({ id, modal }: { id: number; modal: ModalApi }) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  const { message } = useFeedback();
  const keys = useUserApiKeys(id);
  const revoke = useRevokeUserApiKey();
  const end = async (keyId: number, name: string) => {
    if (!(await confirmDanger(modal, t('userApiKeys.revokeConfirm', { name }), t('userApiKeys.revoke'))))
      return;
    revoke.mutate({ id: keyId }, { onSuccess: () => void message.success(t('userApiKeys.revoked')) });
  };
  return (
    <List
      size="small"
      loading={keys.isLoading}
      dataSource={keys.data?.list ?? []}
      locale={{ emptyText: t('userApiKeys.empty') }}
      data-testid="users-api-keys"
      renderItem={(k) => (
        <List.Item
          actions={
            k.status === 'revoked'
              ? []
              : [
                  <Button key="revoke" danger size="small" onClick={() => void end(k.id, k.name)}>
                    {t('userApiKeys.revoke')}
                  </Button>,
                ]
          }
        >
          <List.Item.Meta
            title={
              <>
                {k.name} <Typography.Text code>{k.prefix}…</Typography.Text>{' '}
                <Tag>{t(`userApiKeys.status.${k.status}`)}</Tag>
              </>
            }
            description={
              <>
                {k.scopes.join(', ')}
                {k.expires_at ? ` · ${t('userApiKeys.expires', { time: formatDate(k.expires_at) })}` : ''}
                <br />
                {k.last_used_at
                  ? t('userApiKeys.lastUsed', { time: ago(k.last_used_at), ip: k.last_used_ip ?? '—' })
                  : t('userApiKeys.neverUsed')}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
