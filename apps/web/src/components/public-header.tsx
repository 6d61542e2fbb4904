import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from './language-switch';

/** The signed-out pages' top bar: brand, language, and the way in. */
export function PublicHeader() {
  const { t } = useTranslation();
  return (
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
  );
}
