import '../messages';
import { PlusOutlined } from '@ant-design/icons';
import { ACCESS, type Site } from '@tally/contracts';
import { Button, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ListSearch } from '../../../components/resource-table/list-search';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { canAccess } from '../../../lib/access';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';
import { getSites, SITE_SORTS, SITES_KEY, type SiteFilters, type SiteSort } from '../api';
import { GroupFilter } from '../components/group-filter';
import { type SiteDialog, SiteDialogs } from '../components/site-dialogs';
import { SitesTable } from '../components/sites-table';

/** `/dashboard` for users (站点列表): their sites, today's and yesterday's totals, and site actions. */
export default function SiteListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<SiteDialog>(null);
  const list = useResourceList<Site, SiteFilters, SiteSort>({
    key: SITES_KEY,
    fetch: getSites,
    filters: { group_id: 'number' },
    sort: '-id',
    sorts: SITE_SORTS,
  });
  const noSites = useAppStore((s) => s.sites.length === 0);
  const mayAddFirst = useUserStore((s) => canAccess(s.roles, ACCESS.sitesNotice));

  // A user without any site starts on the page that explains how to add one.
  useEffect(() => {
    if (noSites && mayAddFirst && pathname === '/dashboard') navigate('/sites/notice', { replace: true });
  }, [noSites, mayAddFirst, pathname, navigate]);

  return (
    <Card className="page-card">
      <PageHeader title={t('siteAdmin.listTitle')}>
        <ListSearch
          list={list}
          className="toolbar-search"
          placeholder={t('siteAdmin.search')}
          data-testid="site-search"
        />
        <GroupFilter value={list.filters.group_id} onChange={(group_id) => list.setFilters({ group_id })} />
        <Link to="/sites/group">
          <Button data-testid="open-groups">{t('siteAdmin.groups')}</Button>
        </Link>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="site-add"
        >
          {t('siteAdmin.add')}
        </Button>
      </PageHeader>
      <SitesTable list={list} onDialog={setDialog} />
      <SiteDialogs dialog={dialog} onChange={setDialog} />
    </Card>
  );
}
