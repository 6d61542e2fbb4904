import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { calendarDay, plainText, storableString } from './text.js';

/** The audit trail: who changed what, when, from where, with the values before and after. Admins only. */
export const AUDIT_PATHS = {
  fetch: '/api/v1/admin/audit/fetch',
} as const;

export const AUDIT_SORTS = ['-id', 'id', '-created_at', 'created_at'] as const;

export const auditListQuerySchema = pageQuerySchema
  .extend({
    sort: z.enum(AUDIT_SORTS).default('-id'),
    /** A user id, or part of the username or email of who acted. */
    actor: plainText(64).optional(),
    /** Exact action, e.g. `settings.update`. */
    action: plainText(64).optional(),
    /** First and last day (UTC) of `created_at`, both included. */
    from: calendarDay().optional(),
    to: calendarDay().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'before from' });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  /** The actor's username; empty for system actions and deleted accounts. */
  actor_name: storableString(),
  action: storableString(),
  target: storableString(),
  ip: storableString(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: storableString(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = pageSchema(auditRowSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
