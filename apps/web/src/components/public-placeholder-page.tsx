import { Button, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from './language-switch';

/** Public pages of later issues (home, price, service…): title, empty state and the way in. */
export function PublicPlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/home" className="public-brand">
          Tally
        </Link>
        <Space wrap>
          <LanguageSwitch />
          <Link to="/login">
            <Button type="link">{t('public.login')}</Button>
          </Link>
          <Link to="/register">
            <Button type="primary">{t('public.register')}</Button>
          </Link>
        </Space>
      </header>
      <main className="public-main">
        <Typography.Title level={2} className="page-title">
          {t(`public.${titleKey}`)}
        </Typography.Title>
        <Empty description={t('placeholder.empty')} />
      </main>
    </div>
  );
}
