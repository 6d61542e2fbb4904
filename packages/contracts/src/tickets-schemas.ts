/**
 * The schemas of support tickets (tickets.ts declares their calls). Apart from the calls so that the
 * layout's first load, which needs the unread count's path, does not carry them and zod with them.
 */
import { z } from 'zod';
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
