import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Support tickets and their messages (modules/tickets). Each side's unread count lives on the ticket,
 * raised by the other side's message and cleared when this side reads the ticket, so the top bar's
 * badge (user/info's msgNum) is one indexed sum instead of a scan of the messages.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    priority: text('priority').$type<'low' | 'normal' | 'high'>().notNull().default('normal'),
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    /** Support replies the user has not read. */
    userUnread: integer('user_unread').notNull().default(0),
    /** User messages no admin has read. */
    adminUnread: integer('admin_unread').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.id),
    index('tickets_last_message_idx').on(t.lastMessageAt),
    check('tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('tickets_priority_check', sql`${t.priority} in ('low', 'normal', 'high')`),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The writer; null once that account is deleted (the message stays with the ticket). */
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    fromAdmin: boolean('from_admin').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
