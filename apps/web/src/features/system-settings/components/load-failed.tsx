import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The page's answer when the settings cannot be read (its own chunk: antd's Result is off the first load). */
export default function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('sysSettings.loadFailed')}
      extra={<Button onClick={retry}>{t('sysSettings.retry')}</Button>}
    />
  );
}
