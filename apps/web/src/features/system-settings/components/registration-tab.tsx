import type { AdminSettings } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from './settings-form';
import { SwitchItem } from './switch-item';

const KEYS = ['registration_open', 'register_email_code', 'register_invite_required'] as const;

/** Registration switches: open, email code required, invite code required. */
export function RegistrationTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsForm group="registration" settings={settings}>
      {KEYS.map((key) => (
        <SwitchItem key={key} name={key} label={t(`sysSettings.registration.${key}`)} />
      ))}
    </SettingsForm>
  );
}
