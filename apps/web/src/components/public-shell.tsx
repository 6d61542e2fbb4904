import './public-shell.messages';
import './public-shell.css';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { usePublicSettings } from '../lib/public-settings';
import { useWebTitle } from '../lib/route-title';
import { useUserStore } from '../stores/user';
import { LanguageSwitch } from './language-switch';

const NAV = [
  { to: '/home', key: 'public.home' },
  { to: '/articles', key: 'public.articles' },
  { to: '/service', key: 'public.service' },
] as const;

/** Frame of the public site (home, service, articles): brand, navigation, the way in, footer. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  usePublicSettings();
  const webtitle = useWebTitle();
  const signedIn = useUserStore((s) => s.token !== '');
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/home" className="public-brand" data-testid="public-brand">
          {webtitle}
        </Link>
        <nav className="public-nav" aria-label={t('publicSite.nav')}>
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className="public-nav-link">
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="public-actions">
          <LanguageSwitch />
          {signedIn ? (
            // The guard sends "/" to the right home: the console, or a client's site overview.
            <Link to="/">
              <Button type="primary">{t('publicSite.console')}</Button>
            </Link>
          ) : (
            <>
              <Link to="/login">
                <Button type="link">{t('public.login')}</Button>
              </Link>
              <Link to="/register">
                <Button type="primary">{t('public.register')}</Button>
              </Link>
            </>
          )}
        </div>
      </header>
      <main className="public-main">{children}</main>
      <footer className="public-footer">
        <span>
          © {new Date().getFullYear()} {webtitle} · {t('publicSite.rights')}
        </span>
        <Link to="/service">{t('publicSite.terms')}</Link>
      </footer>
    </div>
  );
}
