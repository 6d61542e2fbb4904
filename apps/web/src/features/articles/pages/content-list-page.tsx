import '../admin-messages';
import { DeleteOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { confirmDanger } from '../../../lib/confirm';
import { useFeedback } from '../../../lib/feedback';
import { useDeleteArticles } from '../api/change-articles';
import { useArticles } from '../api/get-articles';
import { type ArticleFilters, ArticlesFilters } from '../components/articles-filters';
import { ArticlesTable } from '../components/articles-table';
import { CategoryManager } from '../components/category-manager';

const PAGE_SIZE = 20;

/** /admin/contentList 文章管理: search, filter, publish, pin and delete articles; categories. */
export default function ContentListPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [modal, modalHolder] = Modal.useModal();
  const [filters, setFilters] = useState<ArticleFilters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const articles = useArticles({ ...filters, page, limit: PAGE_SIZE });
  const del = useDeleteArticles();
  const remove = async (ids: number[]) => {
    const sure = await confirmDanger(
      modal,
      t('content.deleteConfirm', { count: ids.length }),
      t('content.delete'),
    );
    if (!sure) return;
    del.mutate(
      { ids },
      {
        onSuccess: (result) => {
          void message.success(t('content.deleted', { count: result.deleted.length }));
          setSelected((current) => current.filter((id) => !ids.includes(id)));
        },
      },
    );
  };
  return (
    <Card className="page-card" data-testid="content-list">
      {modalHolder}
      <div className="list-toolbar">
        <Link to="/admin/contentcreate">
          <Button type="primary" icon={<PlusOutlined />} data-testid="article-create">
            {t('content.create')}
          </Button>
        </Link>
        <Button
          icon={<FolderOutlined />}
          onClick={() => setCategoriesOpen(true)}
          data-testid="open-categories"
        >
          {t('content.categories')}
        </Button>
        {selected.length > 0 && (
          <Button danger icon={<DeleteOutlined />} onClick={() => void remove(selected)}>
            {t('content.deleteSelected', { count: selected.length })}
          </Button>
        )}
      </div>
      <div className="list-toolbar">
        <ArticlesFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      </div>
      <ArticlesTable
        articles={articles.data?.list ?? []}
        loading={articles.isFetching}
        selected={selected}
        onSelect={setSelected}
        onDelete={(ids) => void remove(ids)}
      />
      <ListPagination
        page={page}
        pageSize={PAGE_SIZE}
        total={articles.data?.total}
        onChange={setPage}
        totalText={(total) => t('content.total', { count: total })}
      />
      <CategoryManager open={categoriesOpen} onClose={() => setCategoriesOpen(false)} />
    </Card>
  );
}
