import { defineModule } from '../../kernel/module.js';
import { healthRoutes } from './health.routes.js';

export const healthModule = defineModule({
  name: 'health',
  needs: ['telegramRuntime'],
  routes: async (app, s) => app.register(healthRoutes, { db: s.db, jobs: s.jobs, bots: s.telegramRuntime }),
});
