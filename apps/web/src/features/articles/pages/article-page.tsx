import '../public-messages';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PublicShell } from '../../../components/public-shell';
import { USER_CONTENT } from '../../../components/user-text';
import { usePageMeta } from '../../../lib/page-meta';
import { usePublicArticle } from '../api';
import { isArticleId } from '../article-id';
import { ArticleMeta } from '../components/article-meta';
import { ArticleNotFound } from '../components/article-not-found';

/** /article/{id}: ids of 1–62 digits read an article; any other path under /article/ is not found. */
export default function ArticlePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const articleId = isArticleId(id) ? id : null;
  const { data: article, isPending, isError } = usePublicArticle(articleId);
  const missing = articleId === null || isError;
  usePageMeta(
    article?.title ?? t(missing ? 'articlesPublic.notFound' : 'articlesPublic.title'),
    article?.summary ?? t('articlesPublic.description'),
  );
  return (
    <PublicShell>
      <Link to="/articles" className="article-back">
        <ArrowLeftOutlined /> {t('articlesPublic.back')}
      </Link>
      {missing ? (
        <ArticleNotFound />
      ) : isPending || !article ? (
        <Skeleton active title paragraph={{ rows: 10 }} />
      ) : (
        <article className="article-reader" data-testid="article-reader">
          <h1 className="article-reader-title" {...USER_CONTENT}>
            {article.title}
          </h1>
          <ArticleMeta
            publishAt={article.publish_at}
            views={article.views}
            categoryName={article.category_name}
          />
          {article.cover && <img className="article-reader-cover" src={article.cover} alt="" />}
          <div
            className="article-content"
            {...USER_CONTENT}
            // Sanitised by the server on save (allow-listed tags and attributes, safe links only).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised article HTML
            dangerouslySetInnerHTML={{ __html: article.content }}
          />
        </article>
      )}
    </PublicShell>
  );
}
