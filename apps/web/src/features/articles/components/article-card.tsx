import type { PublicArticle } from '@tally/contracts';
import { Link } from 'react-router';
import { USER_CONTENT } from '../../../components/user-text';
import { ArticleMeta } from './article-meta';

/** One entry of the public list: cover, title, summary and meta. */
export function ArticleCard({ article }: { article: PublicArticle }) {
  const href = `/article/${article.id}`;
  return (
    <article className="article-card" data-testid="article-card">
      {article.cover && (
        <Link to={href} className="article-card-cover" tabIndex={-1} aria-hidden>
          <img src={article.cover} alt="" loading="lazy" />
        </Link>
      )}
      <div className="article-card-body">
        <h2 className="article-card-title" {...USER_CONTENT}>
          <Link to={href}>{article.title}</Link>
        </h2>
        {article.summary && (
          <p className="article-card-summary" {...USER_CONTENT}>
            {article.summary}
          </p>
        )}
        <ArticleMeta
          publishAt={article.publish_at}
          views={article.views}
          categoryName={article.category_name}
          pinned={article.pinned}
        />
      </div>
    </article>
  );
}
