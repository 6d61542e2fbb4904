import { csvQuery } from './csv-schemas.js';
import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import {
  adminTicketsQuerySchema,
  ownTicketsQuerySchema,
  ticketCreateBodySchema,
  ticketDetailSchema,
  ticketIdBodySchema,
  ticketIdQuerySchema,
  ticketPageSchema,
  ticketReplyBodySchema,
  ticketSchema,
  ticketUnreadSchema,
} from './tickets-schemas.js';

/**
 * Support tickets (工单, issue 16 §6): the calls of the users' and the support's sides. Their schemas,
 * with the statuses and priorities, are in tickets-schemas.ts.
 */
export const TICKET_ERRORS = {
  closed: 'This ticket is closed; open a new one.',
} as const;

/** 工单支持 under 我的账号: the caller's own tickets (a share-link client has none: 403). */
export const TICKET_API = defineApi('tickets', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/api2/tickets/fetch',
    access: 'account',
    summary: "List the caller's tickets",
    query: ownTicketsQuerySchema,
    response: ticketPageSchema,
  }),
  /** The caller's tickets as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/api2/tickets/export',
    access: 'account',
    file: true,
    summary: "The caller's tickets as a CSV file",
    query: csvQuery(ownTicketsQuerySchema),
    response: nothing,
  }),
  /** One ticket with its messages; reading it marks the support's replies read. */
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/api2/tickets/detail',
    access: 'account',
    summary: "One of the caller's tickets with its messages (marks the replies read)",
    query: ticketIdQuerySchema,
    response: ticketDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/api2/tickets/create',
    access: 'account',
    summary: 'Open a ticket with its first message',
    body: ticketCreateBodySchema,
    response: ticketDetailSchema,
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/v1/api2/tickets/reply',
    access: 'account',
    summary: "Write in one of the caller's open tickets",
    body: ticketReplyBodySchema,
    response: ticketDetailSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/v1/api2/tickets/close',
    access: 'account',
    summary: "Close one of the caller's tickets",
    body: ticketIdBodySchema,
    response: ticketSchema,
  }),
  /** The caller's unread support replies (the top bar's badge; the same figure as user/info's msgNum). */
  unread: endpoint({
    method: 'GET',
    path: '/api/v1/api2/tickets/unread',
    access: 'account',
    summary: "Count the caller's unread support replies",
    response: ticketUnreadSchema,
  }),
});
export const TICKET_PATHS = pathsOf(TICKET_API);

/** 工单管理 (/tickets/tickets): every user's tickets, admins only. */
export const ADMIN_TICKET_API = defineApi('admin-tickets', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/tickets/fetch',
    access: 'tickets',
    summary: "List every user's tickets (status, priority, user)",
    query: adminTicketsQuerySchema,
    response: ticketPageSchema,
  }),
  /** The filtered tickets as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/tickets/export',
    access: 'tickets',
    file: true,
    summary: 'The filtered tickets as a CSV file',
    query: csvQuery(adminTicketsQuerySchema),
    response: nothing,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/admin/tickets/detail',
    access: 'tickets',
    summary: "One ticket with its messages (marks the user's messages read)",
    query: ticketIdQuerySchema,
    response: ticketDetailSchema,
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/v1/admin/tickets/reply',
    access: 'tickets',
    summary: 'Answer an open ticket as support',
    body: ticketReplyBodySchema,
    response: ticketDetailSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/v1/admin/tickets/close',
    access: 'tickets',
    summary: 'Close a ticket',
    body: ticketIdBodySchema,
    response: ticketSchema,
  }),
});
export const ADMIN_TICKET_PATHS = pathsOf(ADMIN_TICKET_API);

/** The audit trail's actions of support tickets (audit.ts gathers every area's; the web labels each). */
export const TICKETS_AUDIT_ACTIONS = ['tickets.close'] as const;
