import { DeleteOutlined, EditOutlined, EyeOutlined, PushpinFilled } from '@ant-design/icons';
import type { ArticleListItem } from '@tally/contracts';
import { Button, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconAction } from '../../../components/icon-action';
import { formatDate } from '../../../lib/formatters';
import { usePinArticle, useSwitchArticle } from '../api/change-articles';
import { ArticleStatusTag } from './article-status-tag';

interface Props {
  articles: ArticleListItem[];
  loading: boolean;
  selected: number[];
  onSelect(ids: number[]): void;
  onDelete(ids: number[]): void;
}

const editPath = (id: number) => `/admin/contentcreate/${id}`;

export function ArticlesTable({ articles, loading, selected, onSelect, onDelete }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pin = usePinArticle();
  const switchStatus = useSwitchArticle();
  const columns: TableColumnsType<ArticleListItem> = [
    {
      title: t('content.columns.title'),
      dataIndex: 'title',
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
      render: (name: string | null) => name ?? t('content.noCategory'),
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
    {
      title: t('content.columns.pinned'),
      dataIndex: 'pinned',
      width: 64,
      render: (pinned: boolean, article) => (
        <Switch
          size="small"
          checked={pinned}
          loading={pin.isPending && pin.variables?.id === article.id}
          onChange={(next) => pin.mutate({ id: article.id, pinned: next })}
          aria-label={t('content.columns.pinned')}
        />
      ),
    },
    { title: t('content.columns.views'), dataIndex: 'views', width: 64 },
    { title: t('content.columns.author'), dataIndex: 'author_name', width: 96 },
    {
      title: t('content.columns.publishAt'),
      dataIndex: 'publish_at',
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
            onClick={() => onDelete([article.id])}
          />
        </Space>
      ),
    },
  ];
  return (
    <Table<ArticleListItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={articles}
      loading={loading}
      pagination={false}
      scroll={{ x: 960 }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys as number[]) }}
      data-testid="articles-table"
    />
  );
}
