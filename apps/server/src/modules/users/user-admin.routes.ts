import { Readable } from 'node:stream';
import { ADMIN_USER_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_CONTENT_TYPE } from '../../lib/csv.js';
import { SERVER_TIME_ZONE, zonedTime } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { UserAdminService } from './user-admin.service.js';

export interface UserAdminRoutesDeps {
  userAdmin: UserAdminService;
}

/** 用户管理's calls under /api/v1/admin/user/ (admins only: the `users` access area). */
export const userAdminRoutes: FastifyPluginAsyncZod<UserAdminRoutesDeps> = async (app, { userAdmin }) => {
  routes(app, ADMIN_USER_API, {
    fetch: (query) => userAdmin.list(query),
    save: (body, request) => userAdmin.save(body, actorOf(request)),
    // Ban or unban.
    switch: (body, request) => userAdmin.setStatus(body.id, body.status, actorOf(request)),
    detail: (query) => userAdmin.detail(query.id),
    resetPassword: (body, request) => userAdmin.resetPassword(body.id, actorOf(request)),
    revokeSession: (body, request) => userAdmin.revokeSession(body.id, body.session_id, actorOf(request)),
    adjustBalance: (body, request) => userAdmin.adjustBalance(body, actorOf(request)),
    ledger: (query) => userAdmin.ledger(query.id, query),
    // Streamed: a million rows never sit in memory at once.
    export: (query, _request, reply) => {
      const { lang, tz, ...filter } = query;
      const zone = tz ?? SERVER_TIME_ZONE;
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="users-${zonedTime(new Date(), zone).slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(Readable.from(userAdmin.exportCsv(filter, lang, zone), { highWaterMark: 1 }));
    },
  });
};
