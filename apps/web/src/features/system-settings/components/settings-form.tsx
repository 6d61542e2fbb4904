import { type AdminSettings, SETTING_GROUPS, type SettingGroup } from '@tally/contracts';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useSaveAdminSettings } from '../api';

type Values = Record<string, unknown>;

interface Props {
  group: SettingGroup;
  settings: AdminSettings;
  children: ReactNode;
  /** Asked before saving (closing the site); resolve false to stay. */
  confirm?: (values: Values) => Promise<boolean>;
}

function pick(settings: AdminSettings, keys: readonly string[]): Values {
  const source = settings as unknown as Values;
  return Object.fromEntries(keys.map((key) => [key, source[key]]));
}

/** One tab of /admin/setting: its keys from the settings, saved together with one button. */
export function SettingsForm({ group, settings, children, confirm }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveAdminSettings();
  const keys = SETTING_GROUPS[group];
  const onFinish = async (values: Values) => {
    if (confirm && !(await confirm(values))) return;
    const body = pick(values as unknown as AdminSettings, keys);
    const result = await save.mutateAsync(body);
    void message.success(result.changed.length > 0 ? t('sysSettings.saved') : t('sysSettings.unchanged'));
  };
  return (
    <Form
      layout="vertical"
      className="settings-form"
      initialValues={pick(settings, keys)}
      onFinish={(values) => onFinish(values).catch(() => undefined)}
      data-testid={`settings-form-${group}`}
    >
      {children}
      <Button
        type="primary"
        htmlType="submit"
        loading={save.isPending}
        data-testid={`settings-save-${group}`}
      >
        {t('sysSettings.save')}
      </Button>
    </Form>
  );
}
