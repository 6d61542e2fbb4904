import '../admin-messages';
import { Button, Card, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../../lib/feedback';
import { useArticle, useSaveArticle } from '../api';
import { ArticleForm, type ArticleFormValues, toFormValues, toSaveBody } from '../components/article-form';

/** /admin/contentcreate (文章添加) and /admin/contentcreate/{id} (文章编辑). */
export default function ContentCreatePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const params = useParams();
  // The seed's edit id is digits; anything else is an article that cannot exist.
  const badId = params.id !== undefined && !/^\d{1,15}$/.test(params.id);
  const id = params.id && !badId ? Number(params.id) : null;
  const article = useArticle(id);
  const save = useSaveArticle();
  // The add page is kept alive in the tags bar: after a save it starts over with an empty form.
  const [generation, setGeneration] = useState(0);

  const onSave = (values: ArticleFormValues) =>
    save.mutate(toSaveBody(values, id ?? undefined), {
      onSuccess: (saved) => {
        void message.success(t('content.form.saved'));
        if (id === null) {
          setGeneration((g) => g + 1);
          navigate(`/admin/contentcreate/${saved.id}`);
        }
      },
    });

  if (badId || (id !== null && article.isError)) {
    return (
      <Card className="page-card">
        <Result
          status="404"
          title={t('content.form.notFound')}
          extra={
            <Link to="/admin/contentList">
              <Button type="primary">{t('content.form.back')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <Card className="page-card" data-testid="content-editor">
      {id !== null && !article.data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <ArticleForm
          key={`${id ?? 'new'}-${generation}`}
          initial={toFormValues(article.data)}
          saving={save.isPending}
          onSave={onSave}
        />
      )}
    </Card>
  );
}
