import { type AdminSettings, fieldLabel } from '@tally/contracts';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/language';
import { type FieldOf, lazySchemas } from '../../../lib/zod-check';
import type * as FormSchemas from '../form-schemas';
import { SettingsForm } from './settings-form';
import { SwitchItem } from './switch-item';

const schemas = lazySchemas(() => import('../form-schemas'));

type Key = keyof AdminSettings & FieldOf<typeof FormSchemas.adminSettingsInputSchema>;
const AMOUNTS = [
  'recharge_min',
  'recharge_max',
  'withdrawal_min',
  'withdrawal_fee',
  'withdrawal_daily_limit',
] as const;
const MINUTES = ['recharge_expiry_minutes', 'recharge_grace_minutes', 'trongrid_rate'] as const;
/** 邀请返利 (modules/invites): percent of an invitee's paid order, hours until it is credited. */
const COMMISSION = ['commission_rate', 'commission_delay_hours'] as const;

/**
 * Recharges, the chain watcher's TronGrid access (API key write-only, stored sealed), withdrawals and
 * invite commission (rate, delay, whether it may be moved to the balance).
 */
export function FinanceTab({ settings }: { settings: AdminSettings }) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language.startsWith('en') ? 'en' : 'zh';
  const item = (name: Key | 'trongrid_api_key') => ({
    name,
    label: fieldLabel(name, language),
    rules: [schemas.fieldRule('adminSettingsInputSchema', name)],
  });
  return (
    <SettingsForm group="finance" settings={settings}>
      <Row gutter={16}>
        {AMOUNTS.map((name) => (
          <Col key={name} xs={24} md={8}>
            <Form.Item {...item(name)}>
              <Input inputMode="decimal" data-testid={`setting-${name}`} />
            </Form.Item>
          </Col>
        ))}
        {[...MINUTES, ...COMMISSION].map((name) => (
          <Col key={name} xs={24} md={8}>
            <Form.Item {...item(name)}>
              <InputNumber precision={0} className="full-width" data-testid={`setting-${name}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <SwitchItem name="usdt_only_confirmed" label={fieldLabel('usdt_only_confirmed', language)} />
      <SwitchItem name="commission_transfer_open" label={fieldLabel('commission_transfer_open', language)} />
      <Form.Item {...item('trongrid_base_url')}>
        <Input data-testid="setting-trongrid_base_url" />
      </Form.Item>
      <Form.Item {...item('trongrid_api_key')}>
        <Input.Password
          autoComplete="new-password"
          placeholder={settings.trongrid_api_key_set ? t('sysSettings.mail.passKept') : ''}
          data-testid="setting-trongrid_api_key"
        />
      </Form.Item>
      <Form.Item {...item('usdt_contract')}>
        <Input data-testid="setting-usdt_contract" />
      </Form.Item>
    </SettingsForm>
  );
}
