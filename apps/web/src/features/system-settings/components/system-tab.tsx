import type { AdminSettings } from '@tally/contracts';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazySchemas } from '../../../lib/zod-check';
import { SettingsForm } from './settings-form';
import { SwitchItem } from './switch-item';

const schemas = lazySchemas(() => import('../form-schemas'));

/** Payload encryption and how long raw analytics events are kept. */
export function SystemTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsForm group="system" settings={settings}>
      <SwitchItem
        name="crypt_enabled"
        label={t('sysSettings.system.crypt_enabled')}
        extra={t('sysSettings.system.cryptHelp')}
      />
      <Form.Item
        name="events_retention_days"
        label={t('sysSettings.system.events_retention_days')}
        extra={t('sysSettings.system.retentionHelp')}
        rules={[schemas.fieldRule('adminSettingsInputSchema', 'events_retention_days')]}
      >
        <InputNumber min={0} max={3650} precision={0} data-testid="setting-events_retention_days" />
      </Form.Item>
    </SettingsForm>
  );
}
