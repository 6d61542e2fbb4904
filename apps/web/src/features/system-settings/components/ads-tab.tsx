import { PlusOutlined } from '@ant-design/icons';
import type { AdminSettings } from '@tally/contracts';
import { Button, Empty, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdCard } from './ad-card';
import { SettingsForm } from './settings-form';

const NEW_AD = { title: '', image: '', link: '', position: 'home', order: 0, enabled: true };

export function AdsTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsForm group="ads" settings={settings}>
      <Form.List name="ads">
        {(fields, { add, remove }) => (
          <div className="ads-list">
            {fields.length === 0 && <Empty description={t('sysSettings.ads.empty')} />}
            {fields.map((field) => (
              <AdCard key={field.key} name={field.name} onRemove={() => remove(field.name)} />
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => add(NEW_AD)}
              data-testid="ad-add"
            >
              {t('sysSettings.ads.add')}
            </Button>
          </div>
        )}
      </Form.List>
    </SettingsForm>
  );
}
