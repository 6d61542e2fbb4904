import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The reader's 404: bad paths under /article/, unknown ids and unpublished articles. */
export function ArticleNotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="result-heading">{t('articlesPublic.notFound')}</h1>}
      subTitle={t('articlesPublic.notFoundText')}
      extra={
        <Link to="/articles">
          <Button type="primary">{t('articlesPublic.back')}</Button>
        </Link>
      }
      data-testid="article-not-found"
    />
  );
}
