import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuEntry } from '../app/menu';
import { findLayoutRoute } from '../app/route-lookup';
import { useFeedback } from '../lib/feedback';
import { currentPath } from '../lib/navigation';
import { useRouteTitle, useWebTitle } from '../lib/route-title';
import { useAppStore } from '../stores/app';
import { usePageStyleStore } from '../stores/page-style';
import { MenuIcon } from './menu-icon';
import { useMenu } from './use-menu';

type Items = NonNullable<MenuProps['items']>;

function toItems(entries: readonly MenuEntry[], title: (t: string) => string): Items {
  return entries.map((e) => ({
    key: e.path,
    icon: e.icon ? <MenuIcon load={e.icon} /> : undefined,
    label: title(e.title),
    children: e.children ? toItems(e.children, title) : undefined,
  }));
}

/** Group keys that contain `path`, so the active entry's group starts open. */
function groupsOf(entries: readonly MenuEntry[], path: string): string[] {
  for (const e of entries) {
    if (!e.children) continue;
    if (e.children.some((c) => c.path === path)) return [e.path];
    const inner = groupsOf(e.children, path);
    if (inner.length) return [e.path, ...inner];
  }
  return [];
}

export function Sidebar() {
  const { t } = useTranslation();
  const { notification } = useFeedback();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMenu();
  const opened = useAppStore((s) => s.sidebar.opened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const showLogo = usePageStyleStore((s) => s.sidebarLogo);
  const webtitle = useWebTitle();
  const title = useRouteTitle();
  const active = findLayoutRoute(pathname)?.route.meta?.activeMenu ?? pathname;
  const items = useMemo(() => toItems(entries, title), [entries, title]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupsOf(entries, active));
  const collapsed = !opened && !mobile;

  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...groupsOf(entries, active)])]);
  }, [entries, active]);

  // The address, not the rendered pathname: see currentPath.
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (useAppStore.getState().pageLoading) {
      notification.warning({
        title: t('pageLoading.title'),
        description: t('pageLoading.message'),
        duration: 3,
      });
      return;
    }
    if (key !== currentPath()) navigate(key);
  };

  return (
    <aside
      className={`app-sidebar${collapsed ? ' is-collapsed' : ''}${opened ? ' is-open' : ''}`}
      data-testid="sidebar"
    >
      {showLogo && (
        <div className="sidebar-logo" data-testid="sidebar-logo">
          <span className="sidebar-logo-mark">T</span>
          {!collapsed && <span className="sidebar-logo-title">{webtitle}</span>}
        </div>
      )}
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[active]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={onClick}
        data-testid="sidebar-menu"
      />
    </aside>
  );
}
