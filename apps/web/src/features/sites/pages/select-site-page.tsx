import '../sites.css';
import { AppstoreOutlined, GlobalOutlined } from '@ant-design/icons';
import { ACCESS } from '@tally/contracts';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { UserText } from '../../../components/user-text';
import { canAccess } from '../../../lib/access';
import { useRouteTitle } from '../../../lib/route-title';
import { readSiteTarget } from '../../../lib/site-target';
import { useSwitchSite } from '../../../lib/use-switch-site';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';

/**
 * Reached when a site page is opened with no site chosen: pick one and go on to the page asked for
 * (the site overview when none was), or the all-sites view for the roles that may read it.
 */
export default function SelectSitePage() {
  const { t } = useTranslation();
  const routeTitle = useRouteTitle();
  const navigate = useNavigate();
  const { search } = useLocation();
  const sites = useAppStore((s) => s.sites);
  const current = useAppStore((s) => s.site);
  // 数据总览 (/site/all) is not a share-link client's page: offering it would lead to /404.
  const mayReadAll = useUserStore((s) => canAccess(s.roles, ACCESS.siteReports));
  const switchSite = useSwitchSite();
  const choices = sites.map((site) => ({ key: String(site.id), site }));
  return (
    <Card className="page-card">
      <Typography.Title level={4} className="page-title">
        {t('sites.selectTitle')}
      </Typography.Title>
      {sites.length === 0 ? (
        <Empty description={t('sites.none')} />
      ) : (
        <List
          data-testid="site-list"
          rowKey="key"
          dataSource={mayReadAll ? [{ key: 'all', site: null }, ...choices] : choices}
          renderItem={({ site }) => (
            <List.Item
              className={`site-choice${site && current?.id === site.id ? ' is-current' : ''}`}
              onClick={() => {
                if (!site) return navigate('/site/all');
                switchSite(site);
                navigate(readSiteTarget(search) ?? '/site/overview');
              }}
            >
              <List.Item.Meta
                avatar={site ? <GlobalOutlined /> : <AppstoreOutlined />}
                title={site ? <UserText>{site.name}</UserText> : routeTitle('数据总览')}
                description={site && <UserText>{site.domain}</UserText>}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
