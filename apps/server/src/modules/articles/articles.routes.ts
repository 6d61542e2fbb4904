import {
  ARTICLES_PATHS,
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
  pageSchema,
  publicArticleFetchResponseSchema,
  publicArticleQuerySchema,
  publicCategoryListSchema,
} from '@tally/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ArticlesService } from './articles.service.js';

export interface ArticlesRoutesDeps {
  articles: ArticlesService;
  audit: AuditService;
}

const tags = ['articles'];
const editors = { access: 'articles' as const };

export const articlesRoutes: FastifyPluginAsyncZod<ArticlesRoutesDeps> = async (app, { articles, audit }) => {
  /** Who changed which article or category: the trail an admin reads when an article changes. */
  const record = (request: FastifyRequest, action: string, target: string, after?: unknown) => {
    const auth = requireAuth(request);
    return audit.record({ actorId: auth.userId, action, target, ip: request.ip, after });
  };

  app.get(
    ARTICLES_PATHS.publicFetch,
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: publicArticleQuerySchema,
        response: { 200: publicArticleFetchResponseSchema },
      },
    },
    (request) =>
      request.query.id ? articles.publicRead(request.query.id) : articles.publicList(request.query),
  );

  app.get(
    ARTICLES_PATHS.publicCategories,
    { config: { access: 'public' }, schema: { tags, response: { 200: publicCategoryListSchema } } },
    () => articles.publicCategories(),
  );

  app.get(
    ARTICLES_PATHS.fetch,
    {
      config: editors,
      schema: { tags, querystring: articleListQuerySchema, response: { 200: articleListSchema } },
    },
    (request) => articles.list(request.query),
  );

  app.get(
    ARTICLES_PATHS.detail,
    {
      config: editors,
      schema: { tags, querystring: articleDetailQuerySchema, response: { 200: articleSchema } },
    },
    (request) => articles.get(request.query.id),
  );

  app.post(
    ARTICLES_PATHS.save,
    {
      config: editors,
      // Room for ARTICLE_CONTENT_MAX characters of CJK text (3 bytes each in UTF-8) plus the other fields.
      bodyLimit: 4 * 1024 * 1024,
      schema: { tags, body: articleSaveBodySchema, response: { 200: articleSchema } },
    },
    async (request) => {
      const saved = await articles.save(request.body, requireAuth(request).userId);
      await record(request, request.body.id ? 'articles.update' : 'articles.create', `article:${saved.id}`, {
        title: saved.title,
        status: saved.status,
      });
      return saved;
    },
  );

  app.post(
    ARTICLES_PATHS.del,
    { config: editors, schema: { tags, body: articleDeleteBodySchema, response: { 200: deletedIdsSchema } } },
    async (request) => {
      const deleted = await articles.delete(request.body.ids);
      if (deleted.length > 0) await record(request, 'articles.delete', `articles:${deleted.join(',')}`);
      return { deleted };
    },
  );

  app.post(
    ARTICLES_PATHS.switch,
    { config: editors, schema: { tags, body: articleSwitchBodySchema, response: { 200: articleSchema } } },
    async (request) => {
      const article = await articles.setStatus(request.body.id, request.body.status);
      await record(request, 'articles.status', `article:${article.id}`, { status: article.status });
      return article;
    },
  );

  app.post(
    ARTICLES_PATHS.pin,
    { config: editors, schema: { tags, body: articlePinBodySchema, response: { 200: articleSchema } } },
    async (request) => {
      const article = await articles.setPinned(request.body.id, request.body.pinned);
      await record(request, 'articles.pin', `article:${article.id}`, { pinned: article.pinned });
      return article;
    },
  );

  app.get(
    ARTICLES_PATHS.categoryFetch,
    {
      config: editors,
      schema: { tags, querystring: categoryListQuerySchema, response: { 200: pageSchema(categorySchema) } },
    },
    (request) => articles.listCategories(request.query),
  );

  app.post(
    ARTICLES_PATHS.categorySave,
    { config: editors, schema: { tags, body: categorySaveBodySchema, response: { 200: categorySchema } } },
    async (request) => {
      const category = await articles.saveCategory(request.body);
      await record(request, 'article_categories.save', `article_category:${category.id}`, {
        name: category.name,
      });
      return category;
    },
  );

  app.post(
    ARTICLES_PATHS.categoryDel,
    {
      config: editors,
      schema: { tags, body: categoryDeleteBodySchema, response: { 200: deletedIdsSchema } },
    },
    async (request) => {
      const deleted = await articles.deleteCategories(request.body.ids);
      if (deleted.length > 0)
        await record(request, 'article_categories.delete', `article_categories:${deleted.join(',')}`);
      return { deleted };
    },
  );
};
