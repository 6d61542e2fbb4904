import { AppstoreOutlined, GlobalOutlined } from '@ant-design/icons';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../../stores/app';

/** Reached when a site page is opened with no site chosen: pick one, or the all-sites view. */
export default function SelectSitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sites = useAppStore((s) => s.sites);
  const current = useAppStore((s) => s.site);
  const setSite = useAppStore((s) => s.setSite);
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
          dataSource={[{ key: 'all', site: null }, ...sites.map((site) => ({ key: String(site.id), site }))]}
          renderItem={({ site }) => (
            <List.Item
              className={`site-choice${site && current?.id === site.id ? ' is-current' : ''}`}
              onClick={() => {
                if (!site) return navigate('/site/all');
                setSite(site);
                navigate('/site/overview');
              }}
            >
              <List.Item.Meta
                avatar={site ? <GlobalOutlined /> : <AppstoreOutlined />}
                title={site ? site.name : '数据总览'}
                description={site?.domain}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
