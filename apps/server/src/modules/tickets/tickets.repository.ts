import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import { countAll, type ListQuery, type ListSpec, likePattern, listPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { type TicketRow, ticketMessages, tickets, users } from '../../db/schema/index.js';

/** Which side reads: the ticket's owner, or support (any admin). Each has its own unread count. */
export type TicketSide = 'user' | 'admin';

export interface TicketFilter {
  /** Only this user's tickets (the user's own list). */
  userId?: number;
  /** A user id, or part of the username or email (工单管理). */
  user?: string;
  status?: TicketRow['status'];
  priority?: TicketRow['priority'];
}

export interface TicketWithOwner extends TicketRow {
  username: string;
  email: string;
  /** The owner's mail language (users.language); null while not known. */
  language: string | null;
}

export interface NewMessage {
  ticketId: number;
  authorId: number;
  fromAdmin: boolean;
  content: string;
}

const LIST: ListSpec = {
  sorts: { id: tickets.id, last_message_at: tickets.lastMessageAt },
  tiebreak: tickets.id,
};

export class TicketsRepository extends Repository {
  private withOwner() {
    return this.orm
      .select({ ticket: tickets, username: users.username, email: users.email, language: users.language })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId));
  }

  private where(f: TicketFilter): SQL | undefined {
    let owner: SQL | undefined;
    if (f.user && /^\d+$/.test(f.user)) owner = eq(tickets.userId, Number(f.user));
    else if (f.user) {
      const like = likePattern(f.user);
      owner = sql`(${users.username} ilike ${like} or ${users.email} ilike ${like})`;
    }
    return and(
      f.userId === undefined ? undefined : eq(tickets.userId, f.userId),
      owner,
      f.status ? eq(tickets.status, f.status) : undefined,
      f.priority ? eq(tickets.priority, f.priority) : undefined,
    );
  }

  async list(filter: TicketFilter, query: ListQuery) {
    const where = this.where(filter);
    const rows = this.withOwner().where(where).$dynamic();
    const total = this.orm
      .select(countAll)
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(where);
    const page = await listPage(rows, total, query, LIST);
    return { ...page, list: page.list.map(flatten) };
  }

  async find(id: number): Promise<TicketWithOwner | undefined> {
    const [row] = await this.withOwner().where(eq(tickets.id, id));
    return row && flatten(row);
  }

  /** Oldest first: the conversation as it happened. */
  messages(ticketId: number) {
    return this.orm
      .select({
        id: ticketMessages.id,
        fromAdmin: ticketMessages.fromAdmin,
        author: users.username,
        content: ticketMessages.content,
        createdAt: ticketMessages.createdAt,
      })
      .from(ticketMessages)
      .leftJoin(users, eq(users.id, ticketMessages.authorId))
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(ticketMessages.id);
  }

  async insert(userId: number, subject: string, priority: TicketRow['priority']): Promise<TicketRow> {
    const [row] = await this.orm.insert(tickets).values({ userId, subject, priority }).returning();
    return row!;
  }

  /**
   * Adds a message to a ticket that is not closed, in the statement that moves its state: a user's
   * message opens it and is unread for support, a support reply answers it and is unread for the
   * user. False (nothing written) when the ticket is closed.
   */
  async addMessage(message: NewMessage, now: Date): Promise<boolean> {
    const counter = message.fromAdmin ? tickets.userUnread : tickets.adminUnread;
    const moved = await this.orm
      .update(tickets)
      .set({
        status: message.fromAdmin ? 'answered' : 'open',
        lastMessageAt: now,
        ...(message.fromAdmin ? { userUnread: sql`${counter} + 1` } : { adminUnread: sql`${counter} + 1` }),
      })
      .where(and(eq(tickets.id, message.ticketId), ne(tickets.status, 'closed')))
      .returning({ id: tickets.id });
    if (moved.length === 0) return false;
    await this.orm.insert(ticketMessages).values({ ...message, createdAt: now });
    return true;
  }

  /** Only when there is something unread: reading a read conversation writes no row (no dead tuple, no lock). */
  async markRead(id: number, side: TicketSide): Promise<void> {
    const column = side === 'user' ? tickets.userUnread : tickets.adminUnread;
    await this.orm
      .update(tickets)
      .set(side === 'user' ? { userUnread: 0 } : { adminUnread: 0 })
      .where(and(eq(tickets.id, id), gt(column, 0)));
  }

  /** Open or answered → closed; false when it was closed already. */
  async close(id: number, now: Date): Promise<boolean> {
    const rows = await this.orm
      .update(tickets)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(tickets.id, id), ne(tickets.status, 'closed')))
      .returning({ id: tickets.id });
    return rows.length > 0;
  }

  /** Support replies the user has not read, over all their tickets (msgNum). */
  async unreadOf(userId: number): Promise<number> {
    const [row] = await this.orm
      .select({ n: sql<number>`coalesce(sum(${tickets.userUnread}), 0)::int` })
      .from(tickets)
      .where(eq(tickets.userId, userId));
    return Number(row?.n ?? 0);
  }

  /** Where support hears of a user's message when no contact address is set: every active admin. */
  async adminEmails(): Promise<string[]> {
    const rows = await this.orm
      .select({ email: users.email })
      .from(users)
      .where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active')));
    return rows.map((r) => r.email);
  }
}

function flatten(r: {
  ticket: TicketRow;
  username: string;
  email: string;
  language: string | null;
}): TicketWithOwner {
  return { ...r.ticket, username: r.username, email: r.email, language: r.language };
}
