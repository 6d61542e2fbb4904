import type { Site } from '@tally/contracts';
import { Button, Empty, Popconfirm, Space, Table, type TableProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../lib/feedback';
import { toThousands } from '../../../lib/formatters';
import type { PageResult } from '../../../lib/page-result';
import { useAppStore } from '../../../stores/app';
import { useDeleteSites } from '../api/delete-sites';
import type { SiteDialog } from './site-dialogs';

type Sort = 'id' | '-id' | 'name' | '-name' | 'created_at' | '-created_at';

interface Props {
  data?: PageResult<Site>;
  loading: boolean;
  onPage: (page: number, limit: number) => void;
  onSort: (sort: Sort) => void;
  onDialog: (dialog: SiteDialog) => void;
}

const METRICS = ['pv', 'uv', 'ip'] as const;
type Column = NonNullable<TableProps<Site>['columns']>[number];

/** The user's sites with today's and yesterday's totals and every action on a site. */
export function SitesTable({ data, loading, onPage, onSort, onDialog }: Props) {
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

  const columns: TableProps<Site>['columns'] = [
    {
      key: 'name',
      title: t('siteAdmin.name'),
      sorter: true,
      fixed: 'left',
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
    <Table<Site>
      rowKey="id"
      size="middle"
      bordered
      loading={loading}
      columns={columns}
      dataSource={data?.list ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('siteAdmin.empty')} /> }}
      pagination={{
        current: data?.page ?? 1,
        pageSize: data?.limit ?? 20,
        total: data?.total ?? 0,
        showSizeChanger: true,
        size: 'small',
        onChange: onPage,
      }}
      onChange={(_p, _f, sorter, { action }) => {
        if (action !== 'sort') return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        onSort(one?.order ? (one.order === 'ascend' ? 'name' : '-name') : '-id');
      }}
      data-testid="sites-table"
    />
  );
}
