import { defineModule } from '../../kernel/module.js';
import { healthRoutes } from './health.routes.js';

export const healthModule = defineModule({
  name: 'health',
  needs: [],
  routes: async (app, s) => app.register(healthRoutes, s),
});
