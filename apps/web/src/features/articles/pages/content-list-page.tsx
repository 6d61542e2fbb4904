import '../admin-messages';
import { FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { ARTICLE_SORTS, ARTICLES_API, type ArticleListItem } from '@tally/contracts';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton } from '../../../components/resource-table/export-button';
import { useConfirmedDelete } from '../../../components/resource-table/use-confirmed-delete';
import { useResourceList } from '../../../components/resource-table/use-resource-list';
import { useFeedback } from '../../../lib/feedback';
import {
  ARTICLE_FILTERS,
  ARTICLES_KEY,
  type ArticleFilters,
  type ArticleSort,
  getArticles,
  useDeleteArticles,
} from '../api';
import { ArticlesFilters } from '../components/articles-filters';
import { ArticlesTable } from '../components/articles-table';
import { CategoryManager } from '../components/category-manager';

/** /admin/contentList 文章管理: search, filter, publish, pin and delete articles; categories. */
export default function ContentListPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const list = useResourceList<ArticleListItem, ArticleFilters, ArticleSort>({
    key: [...ARTICLES_KEY, 'list'],
    fetch: getArticles,
    filters: ARTICLE_FILTERS,
    sort: '-id',
    sorts: ARTICLE_SORTS,
  });
  const del = useDeleteArticles();
  const { remove, holder } = useConfirmedDelete({
    question: (count) => t('content.deleteConfirm', { count }),
    okText: t('content.delete'),
    run: async (ids) => {
      const result = await del.mutateAsync({ ids });
      void message.success(t('content.deleted', { count: result.deleted.length }));
      return result.deleted;
    },
  });
  return (
    <Card className="page-card" data-testid="content-list">
      {holder}
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
        <ExportButton endpoint={ARTICLES_API.export} query={list.query} data-testid="articles-export" />
      </div>
      <div className="list-toolbar">
        <ArticlesFilters list={list} />
      </div>
      <ArticlesTable list={list} remove={remove} />
      <CategoryManager open={categoriesOpen} onClose={() => setCategoriesOpen(false)} />
    </Card>
  );
}
