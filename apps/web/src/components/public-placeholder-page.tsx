import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicShell } from './public-shell';

/** Public pages of later issues (preview, price, discount…): title and an empty state. */
export function PublicPlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PublicShell>
      <Typography.Title level={2} className="page-title">
        {t(`public.${titleKey}`)}
      </Typography.Title>
      <Empty description={t('placeholder.empty')} />
    </PublicShell>
  );
}
