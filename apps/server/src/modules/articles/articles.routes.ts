import { ARTICLES_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { ArticlesService } from './articles.service.js';
import { ARTICLE_CSV } from './articles-csv.js';

export interface ArticlesRoutesDeps {
  articles: ArticlesService;
}

export const articlesRoutes: FastifyPluginAsyncZod<ArticlesRoutesDeps> = async (app, { articles }) => {
  routes(app, ARTICLES_API, {
    publicFetch: (query) => (query.id ? articles.publicRead(query.id) : articles.publicList(query)),
    publicCategories: () => articles.publicCategories(),
    fetch: (query) => articles.list(query),
    export: csvExport(ARTICLES_API.export, ARTICLE_CSV, (q, _r, page, limit) =>
      articles.list({ ...q, page, limit }),
    ),
    detail: (query) => articles.get(query.id),
    save: (body, request) => articles.save(body, actorOf(request)),
    del: async (body, request) => ({ deleted: await articles.delete(body.ids, actorOf(request)) }),
    // Publish or unpublish.
    switch: (body, request) => articles.setStatus(body.id, body.status, actorOf(request)),
    pin: (body, request) => articles.setPinned(body.id, body.pinned, actorOf(request)),
    categoryFetch: (query) => articles.listCategories(query),
    categorySave: (body, request) => articles.saveCategory(body, actorOf(request)),
    categoryDel: async (body, request) => ({
      deleted: await articles.deleteCategories(body.ids, actorOf(request)),
    }),
  });
};
