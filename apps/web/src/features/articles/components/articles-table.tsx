import { DeleteOutlined, EditOutlined, EyeOutlined, PushpinFilled } from '@ant-design/icons';
import type { ArticleListItem } from '@tally/contracts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconAction } from '../../../components/icon-action';
import { type ResourceColumns, ResourceTable } from '../../../components/resource-table/resource-table';
import { switchColumn } from '../../../components/resource-table/switch-column';
import type { ResourceList } from '../../../components/resource-table/use-resource-list';
import { UserText } from '../../../components/user-text';
import { formatDate } from '../../../lib/formatters';
import { type ArticleFilters, type ArticleSort, usePinArticle, useSwitchArticle } from '../api';
import { ArticleStatusTag } from './article-status-tag';

interface Props {
  list: ResourceList<ArticleListItem, ArticleFilters, ArticleSort>;
  /** Asks, deletes, and resolves with the ids that went. */
  remove(ids: number[]): Promise<readonly number[]>;
}

const editPath = (id: number) => `/admin/contentcreate/${id}`;

export function ArticlesTable({ list, remove }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pin = usePinArticle();
  const switchStatus = useSwitchArticle();
  const columns: ResourceColumns<ArticleListItem> = [
    {
      title: t('content.columns.title'),
      dataIndex: 'title',
      userContent: true,
      render: (title: string, article) => (
        <Link to={editPath(article.id)} className="break-all" data-testid="article-title-link">
          {article.pinned && <PushpinFilled className="pinned-mark" />} {title}
        </Link>
      ),
    },
    {
      title: t('content.columns.category'),
      dataIndex: 'category_name',
      width: 100,
      render: (name: string | null) => (name ? <UserText>{name}</UserText> : t('content.noCategory')),
    },
    {
      title: t('content.columns.status'),
      width: 150,
      render: (_, article) => (
        <Space size={4}>
          <ArticleStatusTag article={article} />
          <Button
            size="small"
            type="link"
            loading={switchStatus.isPending && switchStatus.variables?.id === article.id}
            onClick={() =>
              switchStatus.mutate({
                id: article.id,
                status: article.status === 'draft' ? 'published' : 'draft',
              })
            }
          >
            {article.status === 'draft' ? t('content.publish') : t('content.unpublish')}
          </Button>
        </Space>
      ),
    },
    switchColumn<ArticleListItem>({
      title: t('content.columns.pinned'),
      checked: (article) => article.pinned,
      pending: (article) => pin.isPending && pin.variables?.id === article.id,
      onChange: (article, pinned) => pin.mutate({ id: article.id, pinned }),
    }),
    { title: t('content.columns.views'), dataIndex: 'views', sortKey: 'views', width: 64 },
    { title: t('content.columns.author'), dataIndex: 'author_name', width: 96, userContent: true },
    {
      title: t('content.columns.publishAt'),
      dataIndex: 'publish_at',
      sortKey: 'publish_at',
      width: 110,
      // Date over time: a narrow column leaves the title room.
      render: (time: string | null) =>
        time ? (
          <>
            {formatDate(time, '{y}-{m}-{d}')}
            <br />
            {formatDate(time, '{h}:{i}')}
          </>
        ) : (
          '—'
        ),
    },
    {
      title: t('content.columns.actions'),
      width: 116,
      fixed: 'right',
      render: (_, article) => (
        <Space size={0}>
          <IconAction
            title={t('content.edit')}
            icon={<EditOutlined />}
            onClick={() => navigate(editPath(article.id))}
          />
          {article.status === 'published' && (
            <IconAction title={t('content.view')} icon={<EyeOutlined />} href={`/article/${article.id}`} />
          )}
          <IconAction
            title={t('content.delete')}
            icon={<DeleteOutlined />}
            danger
            onClick={() => void remove([article.id]).then(list.deselect)}
          />
        </Space>
      ),
    },
  ];
  return (
    <ResourceTable
      list={list}
      columns={columns}
      scrollX={960}
      emptyText={t('content.empty')}
      totalText={(total) => t('content.total', { count: total })}
      batchDelete={{ label: (count) => t('content.deleteSelected', { count }), remove }}
      data-testid="articles-table"
    />
  );
}
