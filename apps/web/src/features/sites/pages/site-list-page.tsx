import '../messages';
import { PlusOutlined } from '@ant-design/icons';
import { ACCESS } from '@tally/contracts';
import { Button, Card, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { canAccess } from '../../../lib/access';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';
import { type SitesQuery, useSites } from '../api/get-sites';
import { GroupFilter } from '../components/group-filter';
import { type SiteDialog, SiteDialogs } from '../components/site-dialogs';
import { SitesTable } from '../components/sites-table';

/** `/dashboard` for users (站点列表): their sites, today's and yesterday's totals, and site actions. */
export default function SiteListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState<SitesQuery>({ page: 1, limit: 20, sort: '-id' });
  const [dialog, setDialog] = useState<SiteDialog>(null);
  const sites = useSites(query);
  const noSites = useAppStore((s) => s.sites.length === 0);
  const mayAddFirst = useUserStore((s) => canAccess(s.roles, ACCESS.sitesNotice));

  // A user without any site starts on the page that explains how to add one.
  useEffect(() => {
    if (noSites && mayAddFirst && pathname === '/dashboard') navigate('/sites/notice', { replace: true });
  }, [noSites, mayAddFirst, pathname, navigate]);

  return (
    <Card className="page-card">
      <PageHeader title={t('siteAdmin.listTitle')}>
        <Input.Search
          allowClear
          className="toolbar-search"
          placeholder={t('siteAdmin.search')}
          onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword: keyword || undefined }))}
          data-testid="site-search"
        />
        <GroupFilter
          value={query.group_id}
          onChange={(group_id) => setQuery((q) => ({ ...q, page: 1, group_id }))}
        />
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
      <SitesTable
        data={sites.data}
        loading={sites.isFetching}
        onPage={(page, limit) => setQuery((q) => ({ ...q, page, limit }))}
        onSort={(sort) => setQuery((q) => ({ ...q, page: 1, sort }))}
        onDialog={setDialog}
      />
      <SiteDialogs dialog={dialog} onChange={setDialog} />
    </Card>
  );
}
