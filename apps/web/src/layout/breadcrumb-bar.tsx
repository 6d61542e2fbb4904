import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findLayoutRoute } from '../app/route-lookup';
import { useRouteTitle } from '../lib/route-title';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';

/** Breadcrumb from the route titles, led by the dashboard for everyone who has one. */
export function BreadcrumbBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const loading = useUserStore((s) => s.loading === 1);
  const isClient = useUserStore((s) => s.is_client === 1);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const title = useRouteTitle();
  const chain = (findLayoutRoute(pathname)?.chain ?? []).filter(
    (r) => r.meta?.title && r.meta.breadcrumb !== false,
  );
  const lead =
    !isClient && chain[0]?.path !== '/dashboard' ? [{ path: '/dashboard', title: title('控制台') }] : [];
  const all = [...lead, ...chain.map((r) => ({ path: r.path, title: title(r.meta?.title ?? '') }))];
  // A phone has room for the page's own title only.
  const crumbs = mobile ? all.slice(-1) : all;
  return (
    <div className="breadcrumb-bar">
      <Breadcrumb
        data-testid="breadcrumb"
        items={crumbs.map((c, i) => ({
          key: c.path,
          title:
            i < crumbs.length - 1 && !c.path.includes(':') ? <Link to={c.path}>{c.title}</Link> : c.title,
        }))}
      />
      {loading && (
        <span className="breadcrumb-loading" data-testid="data-loading">
          {t('navbar.loadingData')}
        </span>
      )}
    </div>
  );
}
