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
import { resourceRoutes } from '../../lib/resource-routes.js';
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

  resourceRoutes(app, {
    tag: 'articles',
    access: 'articles',
    paths: ARTICLES_PATHS,
    fetch: {
      input: articleListQuerySchema,
      response: articleListSchema,
      handler: (query) => articles.list(query),
    },
    save: {
      input: articleSaveBodySchema,
      response: articleSchema,
      handler: (body, request) => articles.save(body, actorOf(request)),
      // Room for ARTICLE_CONTENT_MAX characters of CJK text (3 bytes each in UTF-8) plus the other fields.
      bodyLimit: 4 * 1024 * 1024,
    },
    del: {
      input: articleDeleteBodySchema,
      response: deletedIdsSchema,
      handler: async (body, request) => ({ deleted: await articles.delete(body.ids, actorOf(request)) }),
    },
    // Publish or unpublish.
    switch: {
      input: articleSwitchBodySchema,
      response: articleSchema,
      handler: (body, request) => articles.setStatus(body.id, body.status, actorOf(request)),
    },
  });

  app.get(
    ARTICLES_PATHS.detail,
    {
      config: editors,
      schema: { tags, querystring: articleDetailQuerySchema, response: { 200: articleSchema } },
    },
    (request) => articles.get(request.query.id),
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
