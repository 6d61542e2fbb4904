import { Readable } from 'node:stream';
import {
  ADMIN_USER_PATHS,
  adminUserAdjustBodySchema,
  adminUserDetailSchema,
  adminUserExportQuerySchema,
  adminUserIdBodySchema,
  adminUserIdQuerySchema,
  adminUserLedgerQuerySchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserPasswordSchema,
  adminUserRevokeSessionBodySchema,
  adminUserRowSchema,
  adminUserSaveBodySchema,
  adminUserSaveResponseSchema,
  adminUserSwitchBodySchema,
  ledgerPageSchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BOM, CSV_CONTENT_TYPE } from '../../lib/csv.js';
import { okSchema } from '../../lib/openapi.js';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { UserAdminService } from './user-admin.service.js';

export interface UserAdminRoutesDeps {
  userAdmin: UserAdminService;
}

const tags = ['users'];
const admins = { access: 'users' as const };

/** 用户管理's calls under /api/v1/admin/user/ (admins only: the `users` access area). */
export const userAdminRoutes: FastifyPluginAsyncZod<UserAdminRoutesDeps> = async (app, { userAdmin }) => {
  resourceRoutes(app, {
    tag: 'users',
    access: 'users',
    paths: ADMIN_USER_PATHS,
    fetch: {
      input: adminUserListQuerySchema,
      response: adminUserPageSchema,
      handler: (query) => userAdmin.list(query),
    },
    save: {
      input: adminUserSaveBodySchema,
      response: adminUserSaveResponseSchema,
      handler: (body, request) => userAdmin.save(body, actorOf(request)),
    },
    // Ban or unban.
    switch: {
      input: adminUserSwitchBodySchema,
      response: adminUserRowSchema,
      handler: (body, request) => userAdmin.setStatus(body.id, body.status, actorOf(request)),
    },
  });

  app.get(
    ADMIN_USER_PATHS.detail,
    {
      config: admins,
      schema: { tags, querystring: adminUserIdQuerySchema, response: { 200: adminUserDetailSchema } },
    },
    (request) => userAdmin.detail(request.query.id),
  );

  app.post(
    ADMIN_USER_PATHS.resetPassword,
    {
      config: admins,
      schema: { tags, body: adminUserIdBodySchema, response: { 200: adminUserPasswordSchema } },
    },
    (request) => userAdmin.resetPassword(request.body.id, actorOf(request)),
  );

  app.post(
    ADMIN_USER_PATHS.revokeSession,
    { config: admins, schema: { tags, body: adminUserRevokeSessionBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await userAdmin.revokeSession(request.body.id, request.body.session_id, actorOf(request));
      return null;
    },
  );

  app.post(
    ADMIN_USER_PATHS.adjustBalance,
    {
      config: admins,
      schema: { tags, body: adminUserAdjustBodySchema, response: { 200: adminUserRowSchema } },
    },
    (request) => userAdmin.adjustBalance(request.body, actorOf(request)),
  );

  app.get(
    ADMIN_USER_PATHS.ledger,
    {
      config: admins,
      schema: { tags, querystring: adminUserLedgerQuerySchema, response: { 200: ledgerPageSchema } },
    },
    (request) => userAdmin.ledger(request.query.id, request.query),
  );

  // Streamed: a million rows never sit in memory at once.
  app.get(
    ADMIN_USER_PATHS.export,
    { config: { ...admins, envelope: false }, schema: { tags, querystring: adminUserExportQuerySchema } },
    (request, reply) => {
      const { lang, ...filter } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      async function* body() {
        yield CSV_BOM;
        yield* userAdmin.exportCsv(filter, lang);
      }
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="users-${day}.csv"`)
        .send(Readable.from(body()));
    },
  );
};
