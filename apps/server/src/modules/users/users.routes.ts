import { USER_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/endpoint-routes.js';
import { requestLanguage } from '../../lib/language.js';
import { requireAuth } from '../../plugins/auth.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { UsersService } from './users.service.js';

export interface UsersRoutesDeps {
  users: UsersService;
  sessions: SessionsService;
  audit: AuditService;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesDeps> = async (
  app,
  { users, sessions, audit },
) => {
  routes(app, USER_API, {
    info: (_body, request) => users.info(requireAuth(request), requestLanguage(request)),
    logout: async (_query, request) => {
      await sessions.revoke(requireAuth(request).sessionId);
    },
    changePassword: async (body, request) => {
      const auth = requireAuth(request);
      await users.changePassword(auth, body.old_password, body.new_password);
      await audit.record({
        actorId: auth.userId,
        action: 'user.change_password',
        target: `user:${auth.userId}`,
        ip: request.ip,
      });
    },
  });
};
