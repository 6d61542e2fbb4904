import type { AdminSettings } from '@tally/contracts';
import { Alert, Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazySchemas } from '../../../lib/zod-check';
import { SettingsForm } from './settings-form';
import { SwitchItem } from './switch-item';
import { TestMailForm } from './test-mail-form';

const schemas = lazySchemas(() => import('../form-schemas'));

const SOURCE_TYPE = { settings: 'success', env: 'info', none: 'warning' } as const;

export function MailTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  const text = (name: 'smtp_host' | 'smtp_user' | 'mail_from') => ({
    name,
    label: t(`sysSettings.mail.${name}`),
    rules: [schemas.fieldRule('adminSettingsInputSchema', name)],
  });
  return (
    <>
      <Alert
        type={SOURCE_TYPE[settings.smtp_source]}
        showIcon
        title={t(`sysSettings.mail.source.${settings.smtp_source}`)}
        className="settings-help"
        data-testid="smtp-source"
      />
      <SettingsForm group="mail" settings={settings}>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item {...text('smtp_host')}>
              <Input placeholder="smtp.example.com" data-testid="setting-smtp_host" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="smtp_port"
              label={t('sysSettings.mail.smtp_port')}
              rules={[schemas.fieldRule('adminSettingsInputSchema', 'smtp_port')]}
            >
              <InputNumber
                min={1}
                max={65535}
                precision={0}
                className="full-width"
                data-testid="setting-smtp_port"
              />
            </Form.Item>
          </Col>
        </Row>
        <SwitchItem name="smtp_secure" label={t('sysSettings.mail.smtp_secure')} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item {...text('smtp_user')}>
              <Input autoComplete="off" data-testid="setting-smtp_user" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="smtp_pass"
              label={t('sysSettings.mail.smtp_pass')}
              rules={[schemas.fieldRule('adminSettingsInputSchema', 'smtp_pass')]}
            >
              <Input.Password
                autoComplete="new-password"
                placeholder={settings.smtp_pass_set ? t('sysSettings.mail.passKept') : ''}
                data-testid="setting-smtp_pass"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item {...text('mail_from')} extra={t('sysSettings.mail.mailFromHelp')}>
          <Input data-testid="setting-mail_from" />
        </Form.Item>
      </SettingsForm>
      <TestMailForm />
    </>
  );
}
