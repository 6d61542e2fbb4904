import type { AdminSettings } from '@tally/contracts';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazySchemas } from '../../../lib/zod-check';
import { SettingsForm } from './settings-form';

const schemas = lazySchemas(() => import('../form-schemas'));

const NOTICES = ['indexNotice', 'indexNotice2', 'indexNotice3'] as const;

export function NoticesTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsForm group="notices" settings={settings}>
      <Alert type="info" showIcon title={t('sysSettings.notices.help')} className="settings-help" />
      {NOTICES.map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`sysSettings.notices.${name}`)}
          rules={[schemas.fieldRule('adminSettingsInputSchema', name)]}
          className="counted-item"
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            showCount
            maxLength={5000}
            data-testid={`setting-${name}`}
          />
        </Form.Item>
      ))}
    </SettingsForm>
  );
}
