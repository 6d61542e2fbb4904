import { ADMIN_TICKET_API, TICKET_API } from '@tally/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf, ownAccountId } from '../../plugins/auth.js';
import type { TicketSide } from './tickets.repository.js';
import type { TicketsService, Viewer } from './tickets.service.js';
import { OWN_TICKET_CSV, TICKET_CSV } from './tickets-csv.js';

/** The caller on one side; a share-link client has no account (ACCESS.account refuses it first). */
function viewerOf(request: FastifyRequest, side: TicketSide): Viewer {
  return { userId: ownAccountId(request), side };
}

/**
 * 工单支持 (the caller's own tickets, ACCESS.account) and 工单管理 (every ticket, ACCESS.tickets):
 * the same calls on both sides, the side decided by the path.
 */
export const ticketsRoutes: FastifyPluginAsync<{ tickets: TicketsService }> = async (app, { tickets }) => {
  routes(app, TICKET_API, {
    fetch: (query, request) => tickets.list(viewerOf(request, 'user'), { status: query.status }, query),
    export: csvExport(TICKET_API.export, OWN_TICKET_CSV, (q, r, page, limit) =>
      tickets.list(viewerOf(r, 'user'), { status: q.status }, { ...q, page, limit }),
    ),
    detail: (query, request) => tickets.detail(query.id, viewerOf(request, 'user')),
    create: (body, request) => tickets.create(viewerOf(request, 'user').userId, body),
    reply: (body, request) => tickets.reply(body.id, viewerOf(request, 'user'), body.content),
    close: (body, request) => tickets.close(body.id, viewerOf(request, 'user'), actorOf(request)),
    unread: async (_, request) => ({ count: await tickets.unread(viewerOf(request, 'user').userId) }),
  });
  routes(app, ADMIN_TICKET_API, {
    fetch: (query, request) => {
      const { status, priority, user } = query;
      return tickets.list(viewerOf(request, 'admin'), { status, priority, user }, query);
    },
    export: csvExport(ADMIN_TICKET_API.export, TICKET_CSV, (q, r, page, limit) => {
      const { status, priority, user } = q;
      return tickets.list(viewerOf(r, 'admin'), { status, priority, user }, { ...q, page, limit });
    }),
    detail: (query, request) => tickets.detail(query.id, viewerOf(request, 'admin')),
    reply: (body, request) => tickets.reply(body.id, viewerOf(request, 'admin'), body.content),
    close: (body, request) => tickets.close(body.id, viewerOf(request, 'admin'), actorOf(request)),
  });
};
