import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicHeader } from './public-header';

/** Public pages of later issues (home, price, service…): title, empty state and the way in. */
export function PublicPlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="public-main">
        <Typography.Title level={2} className="page-title">
          {t(`public.${titleKey}`)}
        </Typography.Title>
        <Empty description={t('placeholder.empty')} />
      </main>
    </div>
  );
}
