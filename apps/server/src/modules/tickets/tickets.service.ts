import {
  ERROR,
  TICKET_ERRORS,
  type Ticket,
  type TicketCreateBody,
  type TicketDetail,
  type TicketPriority,
} from '@tally/contracts';
import type { Database } from '../../db/client.js';
import type { ListQuery, Page } from '../../db/list-query.js';
import type { TicketRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { TicketMail } from './ticket-mail.js';
import type { TicketFilter, TicketSide, TicketsRepository, TicketWithOwner } from './tickets.repository.js';

/** Who looks at a ticket: its owner (only their own; another's is a 404) or support (any ticket). */
export interface Viewer {
  userId: number;
  side: TicketSide;
}

export interface TicketsDeps {
  repo: TicketsRepository;
  db: Database;
  mail: TicketMail;
  audit: AuditService;
  clock: () => Date;
}

const closed = () =>
  new AppError(ERROR.CONFLICT, 422, `content: ${TICKET_ERRORS.closed}`, { content: [TICKET_ERRORS.closed] });

/** Support tickets (工单): users open, reply and close their own; admins answer and close any. */
export class TicketsService {
  constructor(private readonly deps: TicketsDeps) {}

  async list(viewer: Viewer, filter: TicketFilter, query: ListQuery): Promise<Page<Ticket>> {
    const own = viewer.side === 'user' ? { ...filter, userId: viewer.userId } : filter;
    const page = await this.deps.repo.list(own, query);
    return { ...page, list: page.list.map((t) => toTicket(t, viewer.side)) };
  }

  /** The conversation; reading it clears the viewer's side's unread count. */
  async detail(id: number, viewer: Viewer): Promise<TicketDetail> {
    const ticket = await this.visible(id, viewer);
    await this.deps.repo.markRead(id, viewer.side);
    const messages = await this.deps.repo.messages(id);
    return {
      ticket: toTicket({ ...ticket, userUnread: 0, adminUnread: 0 }, viewer.side),
      messages: messages.map((m) => ({
        id: m.id,
        from_admin: m.fromAdmin,
        // The user talks to "support", not to a named admin account.
        author: m.fromAdmin && viewer.side === 'user' ? null : m.author,
        content: m.content,
        created_at: m.createdAt.toISOString(),
      })),
      unread_total: await this.deps.repo.unreadOf(viewer.userId),
    };
  }

  /** The ticket and its first message in one transaction; support hears of it by mail. */
  async create(userId: number, body: TicketCreateBody): Promise<TicketDetail> {
    const now = this.deps.clock();
    const { subject, content } = body;
    const priority: TicketPriority = body.priority ?? 'normal';
    const ticket = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      const row = await repo.insert(userId, subject, priority);
      await repo.addMessage({ ticketId: row.id, authorId: userId, fromAdmin: false, content }, now);
      return row;
    });
    const created = (await this.deps.repo.find(ticket.id))!;
    await this.deps.mail.toSupport(created, content, true);
    return this.detail(ticket.id, { userId, side: 'user' });
  }

  /** A message from the viewer's side; the other side's unread count rises and it is told by mail. */
  async reply(id: number, viewer: Viewer, content: string): Promise<TicketDetail> {
    const ticket = await this.visible(id, viewer);
    const fromAdmin = viewer.side === 'admin';
    const message = { ticketId: id, authorId: viewer.userId, fromAdmin, content };
    // The counter, the state and the message are written together or not at all.
    const added = await this.deps.db.transaction((tx) =>
      this.deps.repo.in(tx).addMessage(message, this.deps.clock()),
    );
    if (!added) throw closed();
    if (fromAdmin) await this.deps.mail.toUser(ticket, content);
    else await this.deps.mail.toSupport(ticket, content, false);
    return this.detail(id, viewer);
  }

  /** Closing a closed ticket changes nothing (a second click, or both sides at once). */
  async close(id: number, viewer: Viewer, actor: Actor): Promise<Ticket> {
    await this.visible(id, viewer);
    const changed = await this.deps.repo.close(id, this.deps.clock());
    if (changed && viewer.side === 'admin')
      await this.deps.audit.record({
        actorId: actor.userId,
        ip: actor.ip,
        action: 'tickets.close',
        target: `ticket:${id}`,
      });
    return toTicket((await this.deps.repo.find(id))!, viewer.side);
  }

  /** The user's unread support replies: user/info's msgNum and the top bar's badge. */
  unread(userId: number): Promise<number> {
    return this.deps.repo.unreadOf(userId);
  }

  /** Another user's ticket is "not found", never "forbidden": its existence is not told either. */
  private async visible(id: number, viewer: Viewer): Promise<TicketWithOwner> {
    const ticket = await this.deps.repo.find(id);
    if (!ticket || (viewer.side === 'user' && ticket.userId !== viewer.userId))
      throw notFound('No such ticket');
    return ticket;
  }
}

function toTicket(t: TicketRow & { username: string }, side: TicketSide): Ticket {
  return {
    id: t.id,
    user_id: t.userId,
    username: t.username,
    subject: t.subject,
    priority: t.priority,
    status: t.status,
    unread: side === 'user' ? t.userUnread : t.adminUnread,
    last_message_at: t.lastMessageAt.toISOString(),
    created_at: t.createdAt.toISOString(),
    closed_at: t.closedAt?.toISOString() ?? null,
  };
}
