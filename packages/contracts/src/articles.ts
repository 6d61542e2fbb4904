import {
  articleDeleteBodySchema,
  articleDetailQuerySchema,
  articleListQuerySchema,
  articleListSchema,
  articlePinBodySchema,
  articleSaveBodySchema,
  articleSchema,
  articleSwitchBodySchema,
  categoryDeleteBodySchema,
  categoryListQuerySchema,
  categorySaveBodySchema,
  categorySchema,
  deletedIdsSchema,
  publicArticleFetchResponseSchema,
  publicArticleQuerySchema,
  publicCategoryListSchema,
} from './articles-schemas.js';
import { csvQuery } from './csv-schemas.js';
import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import { pageSchema } from './envelope.js';

export * from './articles-constants.js';

/** Room for ARTICLE_CONTENT_MAX characters of CJK text (3 bytes each in UTF-8) plus the other fields. */
const ARTICLE_SAVE_BODY_LIMIT = 4 * 1024 * 1024;

/** Published articles for everyone (seed section 7), and 文章管理's calls for article editors. */
export const ARTICLES_API = defineApi('articles', {
  /** Public (seed section 7): `?id=` → one published article; otherwise a page of them. */
  publicFetch: endpoint({
    method: 'GET',
    path: '/api/v1/api2/article/fetch',
    access: 'public',
    summary: 'One published article (id, counts a view), or a page of them',
    query: publicArticleQuerySchema,
    response: publicArticleFetchResponseSchema,
  }),
  /** Public: categories with their count of published articles. */
  publicCategories: endpoint({
    method: 'GET',
    path: '/api/v1/api2/article/categories',
    access: 'public',
    summary: 'Categories with their count of published articles',
    response: publicCategoryListSchema,
  }),
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/article/fetch',
    access: 'articles',
    summary: 'List articles, drafts included (search, filters, sort)',
    query: articleListQuerySchema,
    response: articleListSchema,
  }),
  /** The filtered articles as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/article/export',
    access: 'articles',
    file: true,
    summary: 'The filtered articles as a CSV file',
    query: csvQuery(articleListQuerySchema),
    response: nothing,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/admin/article/detail',
    access: 'articles',
    summary: 'One article with its content, for the editor',
    query: articleDetailQuerySchema,
    response: articleSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/article/save',
    access: 'articles',
    summary: 'Create an article (no id) or update one',
    body: articleSaveBodySchema,
    response: articleSchema,
    bodyLimit: ARTICLE_SAVE_BODY_LIMIT,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/article/del',
    access: 'articles',
    summary: 'Delete articles',
    body: articleDeleteBodySchema,
    response: deletedIdsSchema,
  }),
  /** Publish or unpublish. */
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/article/switch',
    access: 'articles',
    summary: 'Publish or unpublish an article',
    body: articleSwitchBodySchema,
    response: articleSchema,
  }),
  pin: endpoint({
    method: 'POST',
    path: '/api/v1/admin/article/pin',
    access: 'articles',
    summary: 'Pin or unpin an article',
    body: articlePinBodySchema,
    response: articleSchema,
  }),
  categoryFetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/article_category/fetch',
    access: 'articles',
    summary: 'List article categories',
    query: categoryListQuerySchema,
    response: pageSchema(categorySchema),
  }),
  categorySave: endpoint({
    method: 'POST',
    path: '/api/v1/admin/article_category/save',
    access: 'articles',
    summary: 'Create an article category (no id) or update one',
    body: categorySaveBodySchema,
    response: categorySchema,
  }),
  categoryDel: endpoint({
    method: 'POST',
    path: '/api/v1/admin/article_category/del',
    access: 'articles',
    summary: 'Delete article categories (their articles are left without one)',
    body: categoryDeleteBodySchema,
    response: deletedIdsSchema,
  }),
});

/** The calls' paths (tests and links name a call by its path). */
export const ARTICLES_PATHS = pathsOf(ARTICLES_API);

/** The audit trail's actions of articles and their categories (audit.ts gathers every area's; the web labels each). */
export const ARTICLES_AUDIT_ACTIONS = [
  'articles.create',
  'articles.update',
  'articles.delete',
  'articles.status',
  'articles.pin',
  'article_categories.save',
  'article_categories.delete',
] as const;
