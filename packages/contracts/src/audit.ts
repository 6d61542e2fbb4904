import { z } from 'zod';
import { SETTINGS_AUDIT_ACTIONS } from './admin-settings.js';
import { USERS_AUDIT_ACTIONS } from './admin-users.js';
import { API_KEYS_AUDIT_ACTIONS } from './api-keys.js';
import { ARTICLES_AUDIT_ACTIONS } from './articles.js';
import { AUTH_AUDIT_ACTIONS } from './auth.js';
import { BILLING_AUDIT_ACTIONS } from './billing.js';
import { csvQuery, dayFilterFields } from './csv-schemas.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { FILES_AUDIT_ACTIONS } from './files.js';
import { FINANCE_AUDIT_ACTIONS } from './finance.js';
import { QUEUE_AUDIT_ACTIONS } from './queue.js';
import { SHORT_LINKS_AUDIT_ACTIONS } from './short-links.js';
import { TELEGRAM_AUDIT_ACTIONS } from './telegram.js';
import { plainText, storableString } from './text.js';
import { TICKETS_AUDIT_ACTIONS } from './tickets.js';

/**
 * Every action the server writes to the audit trail, declared by its area (`<AREA>_AUDIT_ACTIONS`
 * in the area's contracts file). The audit service takes only these, and the web has a label for
 * each in both languages: an action recorded but not declared, or declared but not labelled, fails
 * the typecheck.
 */
export const AUDIT_ACTIONS = [
  ...AUTH_AUDIT_ACTIONS,
  ...USERS_AUDIT_ACTIONS,
  ...API_KEYS_AUDIT_ACTIONS,
  ...SETTINGS_AUDIT_ACTIONS,
  ...ARTICLES_AUDIT_ACTIONS,
  ...FILES_AUDIT_ACTIONS,
  ...QUEUE_AUDIT_ACTIONS,
  ...SHORT_LINKS_AUDIT_ACTIONS,
  ...TELEGRAM_AUDIT_ACTIONS,
  ...FINANCE_AUDIT_ACTIONS,
  ...BILLING_AUDIT_ACTIONS,
  ...TICKETS_AUDIT_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SORTS = ['-id', 'id', '-created_at', 'created_at'] as const;

export const auditListQuerySchema = pageQuerySchema
  .extend({
    sort: z.enum(AUDIT_SORTS).default('-id'),
    /** A user id, or part of the username or email of who acted. */
    actor: plainText(64).optional(),
    /** Exact action, e.g. `settings.update` (one of AUDIT_ACTIONS). */
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** First and last day of `created_at` (on the `tz` clock), both included. */
    ...dayFilterFields,
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

/** The audit trail: who changed what, when, from where, with the values before and after. Admins only. */
export const AUDIT_API = defineApi('audit', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/audit/fetch',
    access: 'settings',
    summary: 'A page of the audit trail (who, action, days, sort)',
    query: auditListQuerySchema,
    response: auditPageSchema,
  }),
  /** The filtered audit trail as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/audit/export',
    access: 'settings',
    file: true,
    summary: 'The filtered audit trail as a CSV file',
    query: csvQuery(auditListQuerySchema),
    response: nothing,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const AUDIT_PATHS = pathsOf(AUDIT_API);
