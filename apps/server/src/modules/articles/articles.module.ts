import { defineModule } from '../../kernel/module.js';
import { ArticlesRepository } from './articles.repository.js';
import { articlesRoutes } from './articles.routes.js';
import { ArticlesService } from './articles.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    articles: ArticlesService;
  }
}

export const articlesModule = defineModule({
  name: 'articles',
  needs: ['files', 'audit'],
  services: ({ db, files, audit }) => {
    const articles = new ArticlesService(new ArticlesRepository(db.orm), audit, db);
    // An image an article shows is in use: the files area refuses to delete it unconfirmed.
    files.addUsageSource((urls) => articles.usingFiles(urls));
    return { articles };
  },
  routes: async (app, s) => app.register(articlesRoutes, s),
});
