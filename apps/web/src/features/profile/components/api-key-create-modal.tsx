import { type ApiKeyCreated, type ApiKeyScope, apiKeyScopesFor } from '@tally/contracts';
import { Button, Checkbox, DatePicker, Flex, Form, Grid, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { lazySchemas } from '../../../lib/zod-check';
import { useUserStore } from '../../../stores/user';
import { useCreateApiKey } from '../api';
import { scopeKey } from './api-key-messages';

const schemas = lazySchemas(() => import('../form-schemas'));

interface Values {
  name: string;
  scopes: ApiKeyScope[];
  expires_at: Dayjs | null;
  /** One address or CIDR range per line. */
  allowed_ips: string;
}

const lines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Name, scopes (only those the account's roles can use), expiry and addresses of a new key. */
export function ApiKeyCreateModal({
  onCreated,
  onClose,
}: {
  onCreated(created: ApiKeyCreated): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const roles = useUserStore((s) => s.roles);
  const create = useCreateApiKey();
  // The picker with its time columns is wider than a phone (457 px): there, a day, to its end.
  const withTime = Grid.useBreakpoint().sm !== false;
  const onFinish = (values: Values) => {
    const expires = values.expires_at && (withTime ? values.expires_at : values.expires_at.endOf('day'));
    create.mutate(
      {
        name: values.name,
        scopes: values.scopes,
        expires_at: expires ? expires.toISOString() : null,
        allowed_ips: lines(values.allowed_ips ?? ''),
      },
      { onSuccess: onCreated },
    );
  };
  return (
    <Modal
      open
      title={t('apiKeys.createTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="api-key-create"
    >
      <Form<Values>
        layout="vertical"
        initialValues={{ name: '', scopes: [], expires_at: null, allowed_ips: '' }}
        onFinish={onFinish}
      >
        <Form.Item
          name="name"
          label={t('apiKeys.name')}
          required
          rules={[schemas.fieldRule('apiKeyCreateBodySchema', 'name')]}
        >
          <Input maxLength={64} placeholder={t('apiKeys.namePlaceholder')} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('apiKeys.scopes')}
          required
          rules={[schemas.fieldRule('apiKeyCreateBodySchema', 'scopes')]}
        >
          <Checkbox.Group
            options={apiKeyScopesFor(roles).map((scope) => ({
              value: scope,
              label: t(`apiKeys.scope.${scopeKey(scope)}`),
            }))}
            data-testid="api-key-scopes"
          />
        </Form.Item>
        <Form.Item name="expires_at" label={t('apiKeys.expires')}>
          <DatePicker
            showTime={withTime}
            placeholder={t('apiKeys.never')}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            data-testid="api-key-expires"
          />
        </Form.Item>
        <Form.Item
          name="allowed_ips"
          label={t('apiKeys.allowedIps')}
          extra={t('apiKeys.allowedIpsHelp')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                for (const entry of lines(value ?? '')) {
                  const error = await schemas.valueError('ignoredIpSchema', entry);
                  if (error) throw new Error(`${entry}: ${error}`);
                }
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} data-testid="api-key-ips" />
        </Form.Item>
        {/* Where a dialog's buttons are, as in the key's dialog that follows. */}
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('apiKeys.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="api-key-save">
            {t('apiKeys.save')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
