import type { AdminSettings } from '@tally/contracts';
import { Form, Input, type ModalFuncProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazySchemas } from '../../../lib/zod-check';
import { SettingsForm } from './settings-form';
import { SwitchItem } from './switch-item';

const schemas = lazySchemas(() => import('../form-schemas'));

interface Props {
  settings: AdminSettings;
  /** From the page's modal hook: closing the site is confirmed first. */
  confirm(props: ModalFuncProps): Promise<boolean>;
}

const TEXT_FIELDS = [
  { name: 'webtitle', help: null },
  { name: 'weburl', help: 'sysSettings.basic.weburlHelp' },
  { name: 'email', help: null },
  { name: 'kefu_link', help: 'sysSettings.basic.linkHelp' },
  { name: 'group_link', help: 'sysSettings.basic.linkHelp' },
] as const;

export function BasicTab({ settings, confirm }: Props) {
  const { t } = useTranslation();
  const confirmClose = async (values: Record<string, unknown>) =>
    values.webclose !== 1 ||
    settings.webclose === 1 ||
    confirm({ title: t('sysSettings.basic.closeConfirm') });
  return (
    <SettingsForm group="basic" settings={settings} confirm={confirmClose}>
      {TEXT_FIELDS.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={t(`sysSettings.basic.${field.name}`)}
          extra={field.help && t(field.help)}
          rules={[schemas.fieldRule('adminSettingsInputSchema', field.name)]}
        >
          <Input data-testid={`setting-${field.name}`} />
        </Form.Item>
      ))}
      <SwitchItem
        name="webclose"
        numeric
        label={t('sysSettings.basic.webclose')}
        extra={t('sysSettings.basic.webcloseHelp')}
      />
    </SettingsForm>
  );
}
