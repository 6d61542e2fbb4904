import type { MailLogFilter } from '@tally/contracts';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { keywordMatch, type ListQuery, type ListSpec, listPage } from '../../db/list-query.js';
import { mailOutbox } from '../../db/schema/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const LIST: ListSpec = {
  sorts: { id: mailOutbox.id, created_at: mailOutbox.createdAt },
  tiebreak: mailOutbox.id,
};

/** A row of 邮件记录: everything but the body (`text`, `html`), which may hold a sign-in code. */
const LOG_ROW = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  error: mailOutbox.error,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

export class MailRepository {
  constructor(private readonly orm: Orm) {}

  async insert(mail: OutgoingMail): Promise<number> {
    const [row] = await this.orm.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    return row!.id;
  }

  async find(id: number) {
    const [row] = await this.orm.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row;
  }

  async markAttempt(
    id: number,
    status: 'sent' | 'stored' | 'queued' | 'failed',
    error?: string,
  ): Promise<void> {
    await this.orm
      .update(mailOutbox)
      .set({
        status,
        error: error ?? null,
        // Once sent, the body (a registration or reset code) has no reason to stay in the database.
        ...(status === 'sent' ? { text: '', html: null } : {}),
        attempts: sql`${mailOutbox.attempts} + 1`,
        sentAt: status === 'sent' || status === 'stored' ? new Date() : null,
      })
      .where(eq(mailOutbox.id, id));
  }

  /** Newest first by default. */
  async list(filter: MailLogFilter, query: ListQuery) {
    const where = and(
      keywordMatch(filter.keyword, mailOutbox.to, mailOutbox.subject),
      filter.status ? eq(mailOutbox.status, filter.status) : undefined,
    );
    const rows = this.orm.select(LOG_ROW).from(mailOutbox).where(where).$dynamic();
    return listPage(rows, this.orm.$count(mailOutbox, where), query, LIST);
  }

  /** Mail never sent (stored without SMTP, failed, still queued) and created before `before`. */
  async purgeUnsentBefore(before: Date): Promise<void> {
    await this.orm
      .delete(mailOutbox)
      .where(and(ne(mailOutbox.status, 'sent'), lt(mailOutbox.createdAt, before)));
  }
}
