import { z } from 'zod';
import { csvQuery } from './csv-schemas.js';
import { defineApi, endpoint, nothing } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { plainText, storableString } from './text.js';

/**
 * What became of a mail: `queued` (waiting for the job), `sent`, `failed` (the SMTP server refused it
 * after every retry), `stored` (no SMTP server configured: the outbox is the mailbox).
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'stored'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_LOG_SORTS = ['-id', 'id', '-created_at', 'created_at'] as const;

export const mailLogQuerySchema = pageQuerySchema.extend({
  sort: z.enum(MAIL_LOG_SORTS).default('-id'),
  /** Part of the recipient or the subject. */
  keyword: plainText(64).optional(),
  status: z.enum(MAIL_STATUSES).optional(),
});
export type MailLogQuery = z.input<typeof mailLogQuerySchema>;
/** The query as the server reads it, defaults applied. */
export type MailLogFilter = z.output<typeof mailLogQuerySchema>;

/** One mail as 邮件记录 lists it: never its body, which may hold a sign-in code. */
export const mailLogRowSchema = z.object({
  id: z.number().int(),
  to: storableString(),
  subject: storableString(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** The SMTP server's last refusal, empty when none. */
  error: storableString(),
  created_at: storableString(),
  /** When it was sent or stored; null while queued or after a failure. */
  sent_at: storableString().nullable(),
});
export type MailLogRow = z.infer<typeof mailLogRowSchema>;

export const mailLogPageSchema = pageSchema(mailLogRowSchema);
export type MailLogPage = z.infer<typeof mailLogPageSchema>;

/** 邮件记录: what the server mailed, to whom, and whether it went out. Admins only. */
export const MAIL_API = defineApi('mail', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/mail/fetch',
    access: 'settings',
    summary: 'A page of outgoing mail with its delivery status (never the body)',
    query: mailLogQuerySchema,
    response: mailLogPageSchema,
  }),
  /** The filtered mail log as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/mail/export',
    access: 'settings',
    file: true,
    summary: 'The filtered mail log as a CSV file',
    query: csvQuery(mailLogQuerySchema),
    response: nothing,
  }),
});
