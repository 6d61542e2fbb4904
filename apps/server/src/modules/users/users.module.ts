import { defineModule } from '../../kernel/module.js';
import { UserAdminRepository } from './user-admin.repository.js';
import { userAdminRoutes } from './user-admin.routes.js';
import { UserAdminService } from './user-admin.service.js';
import { UsersRepository } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    users: UsersService;
    /** 用户管理 (admins): list, create, edit, ban, reset password, sessions, export. */
    userAdmin: UserAdminService;
  }
}

export const usersModule = defineModule({
  name: 'users',
  needs: ['sessions', 'settings', 'sites', 'audit', 'throttle', 'ledger', 'wallet'],
  services: ({ db, sessions, settings, sites, throttle, audit, ledger, wallet }) => {
    const accounts = new UsersRepository(db.orm);
    const users = new UsersService(accounts, sessions, settings, sites, throttle);
    const repo = new UserAdminRepository(db.orm);
    return {
      users,
      userAdmin: new UserAdminService({ repo, accounts, users, sessions, sites, audit, ledger, wallet, db }),
    };
  },
  routes: async (app, s) => {
    await app.register(usersRoutes, s);
    await app.register(userAdminRoutes, s);
  },
});
