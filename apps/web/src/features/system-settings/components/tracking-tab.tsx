import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminSettings } from '@tally/contracts';
import { Alert, Button, Empty, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazySchemas } from '../../../lib/zod-check';
import { SettingsForm } from './settings-form';

const schemas = lazySchemas(() => import('../form-schemas'));

export function TrackingTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsForm group="tracking" settings={settings}>
      <Alert type="info" showIcon title={t('sysSettings.tracking.help')} className="settings-help" />
      <Form.List name="tjDomains">
        {(fields, { add, remove }) => (
          <div className="domain-list">
            {fields.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sysSettings.tracking.empty')} />
            )}
            {fields.map((field) => (
              // The inner item has no style of its own; this one shows its error under the row.
              <Form.Item key={field.key}>
                <Space.Compact block>
                  <Form.Item name={field.name} rules={[schemas.valueRule('trackingDomainSchema')]} noStyle>
                    <Input
                      placeholder={t('sysSettings.tracking.placeholder')}
                      aria-label={t('sysSettings.tracking.placeholder')}
                      data-testid="tracking-domain"
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('sysSettings.tracking.remove')}
                    onClick={() => remove(field.name)}
                  />
                </Space.Compact>
              </Form.Item>
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => add('')}
              data-testid="domain-add"
            >
              {t('sysSettings.tracking.add')}
            </Button>
          </div>
        )}
      </Form.List>
    </SettingsForm>
  );
}
