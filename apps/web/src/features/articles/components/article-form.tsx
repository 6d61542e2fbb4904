import type { Article, ArticleSaveBody, ArticleStatus } from '@tally/contracts';
import { Button, Form, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArticleFormFields } from './article-form-fields';

/** The editor and its extensions are the heaviest code of the back office: their own chunk. */
const RichTextEditor = lazy(() => import('./rich-text/rich-text-editor'));

/** Form.Item hands value and onChange to its direct child: this passes them through Suspense. */
function LazyRichText(props: { value?: string; onChange?(html: string): void }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

export interface ArticleFormValues {
  title: string;
  summary: string;
  cover: string;
  category_id?: number | null;
  status: ArticleStatus;
  pinned: boolean;
  publish_at?: Dayjs | null;
  content: string;
}

export function toFormValues(article: Article | undefined): ArticleFormValues {
  return {
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    cover: article?.cover ?? '',
    category_id: article?.category_id ?? undefined,
    status: article?.status ?? 'draft',
    pinned: article?.pinned ?? false,
    publish_at: article?.publish_at ? dayjs(article.publish_at) : null,
    content: article?.content ?? '',
  };
}

export function toSaveBody(values: ArticleFormValues, id: number | undefined): ArticleSaveBody {
  return {
    id,
    title: values.title,
    summary: values.summary ?? '',
    cover: values.cover ?? '',
    content: values.content ?? '',
    status: values.status,
    pinned: values.pinned ?? false,
    category_id: values.category_id ?? null,
    publish_at: values.publish_at ? values.publish_at.toISOString() : null,
  };
}

interface Props {
  initial: ArticleFormValues;
  saving: boolean;
  onSave(values: ArticleFormValues): void;
}

/** The article editor form: fields, rich text, save. */
export function ArticleForm({ initial, saving, onSave }: Props) {
  const { t } = useTranslation();
  return (
    <Form<ArticleFormValues>
      layout="vertical"
      initialValues={initial}
      onFinish={onSave}
      className="article-form"
      data-testid="article-form"
    >
      <ArticleFormFields />
      <Form.Item name="content" label={t('content.form.content')}>
        <LazyRichText />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="article-save">
          {t('content.form.save')}
        </Button>
        <Link to="/admin/contentList">
          <Button>{t('content.form.back')}</Button>
        </Link>
      </Space>
    </Form>
  );
}
