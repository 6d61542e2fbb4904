import { defineModule } from '../../kernel/module.js';
import { UsersRepository } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    users: UsersService;
  }
}

export const usersModule = defineModule({
  name: 'users',
  needs: ['sessions', 'settings', 'sites', 'audit'],
  services: ({ db, sessions, settings, sites }) => ({
    users: new UsersService(new UsersRepository(db.orm), sessions, settings, sites),
  }),
  routes: async (app, s) => app.register(usersRoutes, s),
});
