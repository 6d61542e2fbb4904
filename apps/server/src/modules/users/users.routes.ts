import {
  changePasswordBodySchema,
  USER_PATHS,
  userInfoBodySchema,
  userInfoResponseSchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.js';
import { okSchema } from '../../lib/openapi.js';
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
  app.post(
    USER_PATHS.info,
    {
      config: { access: 'session' },
      schema: {
        tags: ['account'],
        body: userInfoBodySchema.nullish(),
        response: { 200: userInfoResponseSchema },
      },
    },
    (request) => users.info(requireAuth(request), requestLanguage(request)),
  );

  app.get(
    USER_PATHS.logout,
    {
      config: { access: 'session', openWhenClosed: true },
      schema: { tags: ['account'], response: { 200: okSchema } },
    },
    async (request) => {
      await sessions.revoke(requireAuth(request).sessionId);
      return null;
    },
  );

  app.post(
    USER_PATHS.changePassword,
    {
      config: { access: 'account' },
      schema: { tags: ['account'], body: changePasswordBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await users.changePassword(auth, request.body.old_password, request.body.new_password);
      await audit.record({
        actorId: auth.userId,
        action: 'user.change_password',
        target: `user:${auth.userId}`,
        ip: request.ip,
      });
      return null;
    },
  );
};
