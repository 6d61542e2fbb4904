import type { AuditPage, AuditRow } from '@tally/contracts';
import type { Executor } from '../../db/client.js';
import type { auditLog } from '../../db/schema/index.js';
import type { AuditEntry, AuditFilter, AuditRepository } from './audit.repository.js';

/** Secrets never reach the audit trail, whatever a caller passes in. */
const SECRET_KEYS = /pass|secret|token|smtp_url|api_key/i;

function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEYS.test(k) ? '[redacted]' : v,
    ]),
  );
}

/** Who acted, from where: what a service needs to write the audit row of a change. */
export interface Actor {
  userId: number | null;
  ip: string;
}

export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  /** Inside the change's transaction when `tx` is given, so the row exists exactly when the change does. */
  record(entry: AuditEntry, tx?: Executor): Promise<void> {
    return (tx ? this.repo.in(tx) : this.repo).insert({
      ...entry,
      before: redact(entry.before),
      after: redact(entry.after),
    });
  }

  /** The newest rows, for the admin console. */
  async latest(limit: number): Promise<AuditRow[]> {
    return (await this.list({ page: 1, limit, sort: '-id' })).list;
  }

  /** The admin's audit log page. */
  async list(query: AuditFilter & { page: number; limit: number; sort?: string }): Promise<AuditPage> {
    const page = await this.repo.list(query, query);
    return { ...page, list: page.list.map(toRow) };
  }
}

function toRow({
  row,
  actorName,
}: {
  row: typeof auditLog.$inferSelect;
  actorName: string | null;
}): AuditRow {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_name: actorName ?? '',
    action: row.action,
    target: row.target ?? '',
    ip: row.ip ?? '',
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}
