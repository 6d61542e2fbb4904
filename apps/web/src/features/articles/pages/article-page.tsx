import { useParams } from 'react-router';
import { PublicPlaceholderPage } from '../../../components/public-placeholder-page';
import { isArticleId } from '../article-id';

/** /article/{id}: ids of 1–62 digits read an article; any other path under /article/ is not found. */
export default function ArticlePage() {
  const { id } = useParams();
  return <PublicPlaceholderPage titleKey={isArticleId(id) ? 'article' : 'notFound'} />;
}
