import { defineModule } from '../../kernel/module.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    sessions: SessionsService;
  }
}

export const sessionsModule = defineModule({
  name: 'sessions',
  needs: [],
  services: ({ db, config }) => ({ sessions: new SessionsService(new SessionsRepository(db.orm), config) }),
});
