import type { AuditEntry, AuditRepository } from './audit.repository.js';

/** Secrets never reach the audit trail, whatever a caller passes in. */
const SECRET_KEYS = /pass|secret|token|smtp_url/i;

function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEYS.test(k) ? '[redacted]' : v,
    ]),
  );
}

export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  record(entry: AuditEntry): Promise<void> {
    return this.repo.insert({ ...entry, before: redact(entry.before), after: redact(entry.after) });
  }
}
