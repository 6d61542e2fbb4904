import type { Site } from '@tally/contracts';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import type { ResourceList } from '../../../components/resource-table/use-resource-list';
import { useFeedback } from '../../../lib/feedback';
import { toThousands } from '../../../lib/formatters';
import { useAppStore } from '../../../stores/app';
import { type SiteFilters, type SiteSort, useDeleteSites } from '../api';
import type { SiteDialog } from './site-dialogs';

interface Props {
  list: ResourceList<Site, SiteFilters, SiteSort>;
  onDialog: (dialog: SiteDialog) => void;
}

const METRICS = ['pv', 'uv', 'ip'] as const;
type Column = ResourceColumns<Site>[number];

/** The user's sites with today's and yesterday's totals and every action on a site. */
export function SitesTable({ list, onDialog }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const setSite = useAppStore((s) => s.setSite);
  const remove = useDeleteSites();

  const dayColumns = (day: 'today' | 'yesterday'): Column => ({
    title: t(`siteAdmin.${day}`),
    responsive: day === 'yesterday' ? ['md'] : undefined,
    children: METRICS.map((m) => ({
      key: `${day}-${m}`,
      title: t(`siteAdmin.${m}`),
      align: 'right' as const,
      render: (_: unknown, site: Site) => toThousands(site.stats[day][m]),
    })),
  });

  const columns: ResourceColumns<Site> = [
    {
      key: 'name',
      title: t('siteAdmin.name'),
      sortKey: 'name',
      fixed: 'left',
      userContent: true,
      render: (_, site) => (
        <div className="site-name-cell">
          <Button
            type="link"
            className="site-name-link"
            onClick={() => {
              setSite({ id: site.id, name: site.name, domain: site.domain });
              navigate('/site/overview');
            }}
          >
            {site.name}
          </Button>
          <div className="cell-sub">{site.domain}</div>
        </div>
      ),
    },
    dayColumns('today'),
    dayColumns('yesterday'),
    {
      key: 'status',
      title: t('siteAdmin.status'),
      responsive: ['lg'],
      render: (_, site) => (
        <Space size={4} wrap>
          {!site.enabled && <Tag>{t('siteAdmin.paused')}</Tag>}
          {site.share.enabled && <Tag color="blue">{t('siteAdmin.share')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('siteAdmin.actions'),
      render: (_, site) => (
        <Space size={0} wrap className="row-actions">
          <Button
            type="link"
            size="small"
            onClick={() => onDialog({ kind: 'code', site })}
            data-testid="site-code"
          >
            {t('siteAdmin.code')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => onDialog({ kind: 'share', site })}
            data-testid="site-share"
          >
            {t('siteAdmin.share')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => onDialog({ kind: 'edit', site })}
            data-testid="site-edit"
          >
            {t('siteAdmin.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => navigate(`/sites/import?site=${site.id}`)}
            data-testid="site-import"
          >
            {t('siteAdmin.importHistory')}
          </Button>
          <Popconfirm
            title={t('siteAdmin.deleteConfirm', { name: site.name })}
            onConfirm={() =>
              remove.mutateAsync([site.id]).then(() => void message.success(t('siteAdmin.deleted')))
            }
          >
            <Button type="link" size="small" danger data-testid="site-delete">
              {t('siteAdmin.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <ResourceTable
      list={list}
      columns={columns}
      bordered
      emptyText={t('siteAdmin.empty')}
      data-testid="sites-table"
    />
  );
}
