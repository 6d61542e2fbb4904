import { z } from 'zod';
import { csvQuery } from './csv.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { plainText, storableString, userFilterText } from './text.js';

/**
 * Support tickets (工单, issue 16 §6). A ticket is `open` while it waits for support (new, or the
 * user wrote last), `answered` once an admin replied (it waits for the user), `closed` when either
 * side closed it; a closed ticket takes no more replies (the user opens a new one).
 */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_ERRORS = {
  closed: 'This ticket is closed; open a new one.',
} as const;

const content = () => plainText(10_000).min(1, 'required');

export const ticketCreateBodySchema = z.object({
  subject: plainText(120).min(1, 'required'),
  priority: z.enum(TICKET_PRIORITIES).default('normal'),
  content: content(),
});
export type TicketCreateBody = z.input<typeof ticketCreateBodySchema>;

export const ticketReplyBodySchema = z.object({
  id: z.number().int().positive(),
  content: content(),
});
export type TicketReplyBody = z.input<typeof ticketReplyBodySchema>;

export const ticketIdBodySchema = z.object({ id: z.number().int().positive() });
export const ticketIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

export const ticketSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: storableString(),
  subject: storableString(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  /** Messages of the other side the caller has not read (the user: replies; admins: the user's). */
  unread: z.number().int(),
  last_message_at: storableString(),
  created_at: storableString(),
  closed_at: storableString().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketPageSchema = pageSchema(ticketSchema);

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  from_admin: z.boolean(),
  /** The writer's username; null on a support reply shown to the user (who sees "Support"). */
  author: storableString().nullable(),
  content: storableString(),
  created_at: storableString(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = z.object({
  ticket: ticketSchema,
  messages: z.array(ticketMessageSchema),
  /** The caller's unread replies over all own tickets after this read (the badge's new figure). */
  unread_total: z.number().int(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketUnreadSchema = z.object({ count: z.number().int() });

const sort = z.enum(['-id', 'id', '-last_message_at', 'last_message_at']).default('-last_message_at');

export const ownTicketsQuerySchema = pageQuerySchema.extend({
  sort,
  status: z.enum(TICKET_STATUSES).optional(),
});
export type OwnTicketsQuery = z.input<typeof ownTicketsQuerySchema>;

export const adminTicketsQuerySchema = pageQuerySchema.extend({
  sort,
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  /** A user id, or part of the username or email. */
  user: userFilterText().optional(),
});
export type AdminTicketsQuery = z.input<typeof adminTicketsQuerySchema>;

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
