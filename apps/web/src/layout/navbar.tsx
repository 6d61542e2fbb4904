import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { useAppStore } from '../stores/app';
import './navbar.css';
import { BreadcrumbBar } from './breadcrumb-bar';
import { ErrorLogButton } from './error-log-button';
import { HeaderSearch } from './header-search';
import { MessageBadge } from './message-badge';
import { SiteSelector } from './site-selector';
import { SizeSelect } from './size-select';
import { useCrumbRow } from './use-crumb-row';
import { UserMenu } from './user-menu';

export function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLDivElement>(null);
  const opened = useAppStore((s) => s.sidebar.opened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const crumbRow = useCrumbRow(navRef, mobile, `${pathname} ${i18n.language}`);
  return (
    <div className={crumbRow ? 'navbar has-crumb-row' : 'navbar'} ref={navRef} data-testid="navbar">
      <Button
        type="text"
        className="hamburger"
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
        aria-label={t('navbar.toggleSidebar')}
        aria-expanded={opened}
        data-testid="hamburger"
      />
      <BreadcrumbBar />
      <div className="navbar-right">
        {pathname.includes('/site/') && <SiteSelector />}
        {!mobile && <HeaderSearch />}
        <ErrorLogButton />
        <MessageBadge />
        {!mobile && <SizeSelect />}
        <LanguageSwitch />
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('navbar.settings')}
          onClick={onOpenSettings}
          data-testid="open-settings"
        />
        <UserMenu />
      </div>
    </div>
  );
}
