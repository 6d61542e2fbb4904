import {
  ADMIN_TICKET_PATHS,
  adminTicketsQuerySchema,
  ownTicketsQuerySchema,
  TICKET_PATHS,
  ticketCreateBodySchema,
  ticketDetailSchema,
  ticketIdBodySchema,
  ticketIdQuerySchema,
  ticketPageSchema,
  ticketReplyBodySchema,
  ticketSchema,
  ticketUnreadSchema,
} from '@tally/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, ownAccountId } from '../../plugins/auth.js';
import type { TicketSide } from './tickets.repository.js';
import type { TicketsService, Viewer } from './tickets.service.js';

/** The caller on one side; a share-link client has no account (ACCESS.account refuses it first). */
function viewerOf(request: FastifyRequest, side: TicketSide): Viewer {
  return { userId: ownAccountId(request), side };
}

/**
 * 工单支持 (the caller's own tickets, ACCESS.account) and 工单管理 (every ticket, ACCESS.tickets):
 * the same calls on both sides, the side decided by the path.
 */
export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (app, { tickets }) => {
  const tags = ['tickets'];
  for (const side of ['user', 'admin'] as const) {
    const paths = side === 'user' ? TICKET_PATHS : ADMIN_TICKET_PATHS;
    const config = { access: side === 'user' ? 'account' : 'tickets' } as const;
    app.get(
      paths.detail,
      { config, schema: { tags, querystring: ticketIdQuerySchema, response: { 200: ticketDetailSchema } } },
      (request) => tickets.detail(request.query.id, viewerOf(request, side)),
    );
    app.post(
      paths.reply,
      { config, schema: { tags, body: ticketReplyBodySchema, response: { 200: ticketDetailSchema } } },
      (request) => tickets.reply(request.body.id, viewerOf(request, side), request.body.content),
    );
    app.post(
      paths.close,
      { config, schema: { tags, body: ticketIdBodySchema, response: { 200: ticketSchema } } },
      (request) => tickets.close(request.body.id, viewerOf(request, side), actorOf(request)),
    );
  }

  const own = { access: 'account' } as const;
  app.get(
    TICKET_PATHS.fetch,
    {
      config: own,
      schema: { tags, querystring: ownTicketsQuerySchema, response: { 200: ticketPageSchema } },
    },
    (request) => tickets.list(viewerOf(request, 'user'), { status: request.query.status }, request.query),
  );
  app.post(
    TICKET_PATHS.create,
    { config: own, schema: { tags, body: ticketCreateBodySchema, response: { 200: ticketDetailSchema } } },
    (request) => tickets.create(viewerOf(request, 'user').userId, request.body),
  );
  app.get(
    TICKET_PATHS.unread,
    { config: own, schema: { tags, response: { 200: ticketUnreadSchema } } },
    async (request) => ({ count: await tickets.unread(viewerOf(request, 'user').userId) }),
  );
  app.get(
    ADMIN_TICKET_PATHS.fetch,
    {
      config: { access: 'tickets' },
      schema: { tags, querystring: adminTicketsQuerySchema, response: { 200: ticketPageSchema } },
    },
    (request) => {
      const { status, priority, user } = request.query;
      return tickets.list(viewerOf(request, 'admin'), { status, priority, user }, request.query);
    },
  );
};
