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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import type { ArticlesService } from './articles.service.js';

export interface ArticlesRoutesDeps {
  articles: ArticlesService;
}

const tags = ['articles'];
const editors = { access: 'articles' as const };

export const articlesRoutes: FastifyPluginAsyncZod<ArticlesRoutesDeps> = async (app, { articles }) => {
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
    (request) => articles.save(request.body, actorOf(request)),
  );

  app.post(
    ARTICLES_PATHS.del,
    { config: editors, schema: { tags, body: articleDeleteBodySchema, response: { 200: deletedIdsSchema } } },
    async (request) => ({ deleted: await articles.delete(request.body.ids, actorOf(request)) }),
  );

  app.post(
    ARTICLES_PATHS.switch,
    { config: editors, schema: { tags, body: articleSwitchBodySchema, response: { 200: articleSchema } } },
    (request) => articles.setStatus(request.body.id, request.body.status, actorOf(request)),
  );

  app.post(
    ARTICLES_PATHS.pin,
    { config: editors, schema: { tags, body: articlePinBodySchema, response: { 200: articleSchema } } },
    (request) => articles.setPinned(request.body.id, request.body.pinned, actorOf(request)),
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
    (request) => articles.saveCategory(request.body, actorOf(request)),
  );

  app.post(
    ARTICLES_PATHS.categoryDel,
    {
      config: editors,
      schema: { tags, body: categoryDeleteBodySchema, response: { 200: deletedIdsSchema } },
    },
    async (request) => ({ deleted: await articles.deleteCategories(request.body.ids, actorOf(request)) }),
  );
};
