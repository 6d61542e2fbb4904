import type { AuditAction } from '@tally/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import {
  countAll,
  type DayFilter,
  keywordMatch,
  type ListQuery,
  type ListSpec,
  listPage,
  withinDays,
} from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { auditLog, users } from '../../db/schema/index.js';

export interface AuditEntry {
  actorId: number | null;
  /** Declared by its area in contracts (AUDIT_ACTIONS): an undeclared one is a type error. */
  action: AuditAction;
  target?: string | null;
  ip?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Who, what, and the days of `created_at` (`from`..`to` on the `tz` clock, both included). */
export interface AuditFilter extends DayFilter {
  /** A user id, or part of the username or email. */
  actor?: string;
  action?: AuditAction;
}

const LIST: ListSpec = { sorts: { id: auditLog.id, created_at: auditLog.createdAt }, tiebreak: auditLog.id };

const WITH_ACTOR = { row: auditLog, actorName: users.username };

export class AuditRepository extends Repository {
  async insert(entry: AuditEntry): Promise<void> {
    await this.orm.insert(auditLog).values({
      actorId: entry.actorId,
      action: entry.action,
      target: entry.target ?? null,
      ip: entry.ip ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  private where(filter: AuditFilter): SQL | undefined {
    const actorId = filter.actor && /^\d{1,15}$/.test(filter.actor) ? Number(filter.actor) : undefined;
    return and(
      actorId !== undefined
        ? eq(auditLog.actorId, actorId)
        : keywordMatch(filter.actor, users.username, users.email),
      filter.action ? eq(auditLog.action, filter.action) : undefined,
      withinDays(auditLog.createdAt, filter),
    );
  }

  /** Newest first by default; the actor's name comes from users (empty when the account is gone). */
  async list(filter: AuditFilter, query: ListQuery) {
    const where = this.where(filter);
    const actor = eq(users.id, auditLog.actorId);
    const rows = this.orm.select(WITH_ACTOR).from(auditLog).leftJoin(users, actor).where(where).$dynamic();
    return listPage(
      rows,
      this.orm.select(countAll).from(auditLog).leftJoin(users, actor).where(where),
      query,
      LIST,
    );
  }
}
