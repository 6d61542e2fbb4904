import type { Orm } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  before?: unknown;
  after?: unknown;
}

export class AuditRepository {
  constructor(private readonly orm: Orm) {}

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
}
