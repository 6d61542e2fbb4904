import '../messages';
import '../short-links.css';
import {
  BarChartOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { SHORT_LINK_API, SHORT_LINK_SORTS, type ShortLink, type ShortLinkSort } from '@tally/contracts';
import { Button, Card, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
import { ExportButton } from '../../../components/resource-table/export-button';
import { ListSearch } from '../../../components/resource-table/list-search';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { switchColumn } from '../../../components/resource-table/switch-column';
import { useConfirmedDelete } from '../../../components/resource-table/use-confirmed-delete';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { useFeedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/formatters';
import {
  fetchShortLinks,
  SHORT_LINK_STATUS_FILTER,
  SHORT_LINKS_KEY,
  type ShortLinkFilters,
  shortUrl,
  useDeleteShortLinks,
  useSwitchShortLink,
} from '../api';
import { ShortLinkDetailDrawer } from '../components/short-link-detail';
import { ShortLinkFormDialog } from '../components/short-link-form';

type Dialog = { kind: 'form'; link?: ShortLink } | { kind: 'detail'; id: number } | null;

/** /admin/shortUrl 短链管理: the seed's shot_url calls; list, create, edit, switch, delete, statistics. */
export default function ShortLinksPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useResourceList<ShortLink, ShortLinkFilters, ShortLinkSort>({
    key: [...SHORT_LINKS_KEY, 'list'],
    fetch: fetchShortLinks,
    filters: { status: SHORT_LINK_STATUS_FILTER },
    sort: '-id',
    sorts: SHORT_LINK_SORTS,
  });
  const switchLink = useSwitchShortLink();
  const del = useDeleteShortLinks();
  const { remove, holder } = useConfirmedDelete({
    question: (count) => (count === 1 ? t('shortLinks.deleteOne') : t('shortLinks.deleteMany', { count })),
    okText: t('shortLinks.delete'),
    run: async (ids) => {
      const result = await del.mutateAsync({ ids });
      void message.success(t('shortLinks.deleted'));
      return result.deleted;
    },
  });
  const copy = (link: ShortLink) =>
    void navigator.clipboard?.writeText(shortUrl(link)).then(() => message.success(t('shortLinks.copied')));
  const columns: ResourceColumns<ShortLink> = [
    {
      title: t('shortLinks.code'),
      dataIndex: 'code',
      width: 170,
      ellipsis: true,
      render: (code: string, link) => (
        <Typography.Link
          className="short-link-code"
          onClick={() => setDialog({ kind: 'detail', id: link.id })}
          data-testid="short-link-code-link"
        >
          /s/{code}
        </Typography.Link>
      ),
    },
    {
      title: t('shortLinks.target'),
      dataIndex: 'target',
      width: 280,
      userContent: true,
      render: (target: string, link) => (
        <>
          {link.title && <div>{link.title}</div>}
          <Typography.Text type="secondary" className="short-link-target" title={target}>
            {target}
          </Typography.Text>
        </>
      ),
    },
    switchColumn<ShortLink>({
      title: t('shortLinks.status'),
      checked: (link) => link.status === 1,
      pending: (link) => switchLink.isPending && switchLink.variables?.id === link.id,
      onChange: (link, on) => switchLink.mutate({ id: link.id, status: on ? 1 : 0 }),
    }),
    { title: t('shortLinks.clicks'), dataIndex: 'clicks', sortKey: 'clicks', width: 80 },
    {
      title: t('shortLinks.expiresAt'),
      dataIndex: 'expires_at',
      sortKey: 'expires_at',
      width: 120,
      render: (time: string | null, link) => (
        <>
          {time ? formatDate(time, '{y}-{m}-{d} {h}:{i}') : t('shortLinks.never')}
          {link.max_visits !== null && (
            <div>
              <Typography.Text type="secondary">
                {t('shortLinks.maxVisits')} {link.max_visits}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: t('shortLinks.createdBy'), dataIndex: 'created_by_name', width: 96, userContent: true },
    {
      title: t('shortLinks.createdAt'),
      dataIndex: 'created_at',
      sortKey: 'created_at',
      width: 110,
      render: (time: string) => formatDate(time, '{y}-{m}-{d}'),
    },
    {
      title: t('shortLinks.actions'),
      width: 150,
      fixed: 'right',
      render: (_, link) => (
        <>
          <IconAction title={t('shortLinks.copy')} icon={<CopyOutlined />} onClick={() => copy(link)} />
          <IconAction
            title={t('shortLinks.details')}
            icon={<BarChartOutlined />}
            onClick={() => setDialog({ kind: 'detail', id: link.id })}
            testId="short-link-details"
          />
          <IconAction
            title={t('shortLinks.edit')}
            icon={<EditOutlined />}
            onClick={() => setDialog({ kind: 'form', link })}
            testId="short-link-edit"
          />
          <IconAction
            title={t('shortLinks.delete')}
            icon={<DeleteOutlined />}
            danger
            onClick={() => void remove([link.id]).then(list.deselect)}
            testId="short-link-delete"
          />
        </>
      ),
    },
  ];
  return (
    <Card className="page-card" data-testid="short-links">
      {holder}
      <div className="short-links-toolbar">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: 'form' })}
          data-testid="short-link-add"
        >
          {t('shortLinks.add')}
        </Button>
        <ListSearch list={list} placeholder={t('shortLinks.search')} data-testid="short-link-search" />
        <Select
          value={list.filters.status ?? ''}
          onChange={(status: ShortLinkFilters['status'] | '') =>
            list.setFilters({ status: status || undefined })
          }
          style={{ width: 110 }}
          aria-label={t('shortLinks.allStatus')}
          options={[
            { value: '', label: t('shortLinks.allStatus') },
            { value: '1', label: t('shortLinks.on') },
            { value: '0', label: t('shortLinks.off') },
          ]}
        />
        <ExportButton endpoint={SHORT_LINK_API.export} query={list.query} data-testid="short-links-export" />
      </div>
      <ResourceTable
        list={list}
        columns={columns}
        scrollX={960}
        emptyText={t('shortLinks.empty')}
        totalText={(count) => t('shortLinks.total', { count })}
        batchDelete={{ label: (count) => t('shortLinks.deleteSelected', { count }), remove }}
        data-testid="short-links-table"
      />
      {dialog?.kind === 'form' && <ShortLinkFormDialog link={dialog.link} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'detail' && <ShortLinkDetailDrawer id={dialog.id} onClose={() => setDialog(null)} />}
    </Card>
  );
}
