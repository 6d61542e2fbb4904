import '../public-messages';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdSlot } from '../../../components/ad-slot';
import { ListPagination } from '../../../components/list-pagination';
import { PublicShell } from '../../../components/public-shell';
import { usePageMeta } from '../../../lib/page-meta';
import { usePublicArticles } from '../api';
import { ArticleCard } from '../components/article-card';
import { CategoryFilter } from '../components/category-filter';

const PAGE_SIZE = 10;

/** Reads a positive integer from the address; anything else means "not given". */
function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** /articles: published articles, pinned first, paged on the server, filtered by category. */
export default function ArticlesPage() {
  const { t } = useTranslation();
  usePageMeta(t('articlesPublic.title'), t('articlesPublic.description'));
  const [params, setParams] = useSearchParams();
  const category = positive(params.get('category'));
  const page = positive(params.get('page')) ?? 1;
  const { data, isPending } = usePublicArticles({ page, limit: PAGE_SIZE, category_id: category });
  const go = (next: { category?: number; page?: number }) => {
    const search = new URLSearchParams();
    if (next.category) search.set('category', String(next.category));
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
    window.scrollTo({ top: 0 });
  };
  return (
    <PublicShell>
      <h1 className="page-heading">{t('articlesPublic.title')}</h1>
      <CategoryFilter value={category} onChange={(id) => go({ category: id })} />
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data && data.list.length > 0 ? (
        <div className="article-list" data-testid="article-list">
          {data.list.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      ) : (
        <Empty description={t('articlesPublic.empty')} />
      )}
      <ListPagination
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total}
        onChange={(next) => go({ category, page: next })}
      />
      <AdSlot position="articles" />
    </PublicShell>
  );
}
