import { z } from 'zod';
import { defineApi, endpoint } from './endpoint.js';
import { storableString } from './text.js';

/**
 * History imported into a site from another tool (issue 28, modules/imports):
 * - `umami`: CSV exports of Umami's `website_event` table (and optionally its `session` and `event_data` tables), the
 *   columns of Umami v2/v3's prisma/schema.prisma, become raw visits and events;
 * - `plausible`: Plausible's CSV export zip (`imported_visitors_*.csv`, `imported_pages_*.csv`, …)
 *   becomes daily aggregates the reports add to their own;
 * - `log`: a web server access log (combined log format, optionally gzip'd) becomes raw visits and
 *   page views.
 */
export const IMPORT_KINDS = ['umami', 'plausible', 'log'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The multipart fields of an upload besides the files (`file`, one or more). */
export const IMPORT_FIELDS = { site: 'site_id', kind: 'kind' } as const;

export const importSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  file_name: storableString(),
  bytes: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  /** Data rows of the file(s); 0 until counted. */
  rows_total: z.number().int(),
  /** Rows read and committed (the resume point). */
  rows_done: z.number().int(),
  /** Rows stored; skipped ones were bots, static files or failed requests (logs). */
  rows_written: z.number().int(),
  rows_skipped: z.number().int(),
  /** 0..100. */
  percent: z.number().int(),
  error_count: z.number().int(),
  /** The first refused rows. */
  errors: z.array(z.object({ line: z.number().int(), message: storableString() })),
  /** Why it failed (nothing of it was kept). */
  failure: storableString().nullable(),
  /** Local-independent span of what it wrote (ISO), when known. */
  from: storableString().nullable(),
  to: storableString().nullable(),
  created_at: storableString(),
});
export type ImportItem = z.infer<typeof importSchema>;

export const importListQuerySchema = z.object({ site_id: z.coerce.number().int().positive() });
export const importIdBodySchema = z.object({ id: z.number().int().positive() });

export const IMPORTS_API = defineApi('imports', {
  /** A site's imports, newest first (the settings panel polls it for progress). */
  list: endpoint({
    method: 'GET',
    path: '/api/v1/api2/imports',
    access: 'dashboard',
    summary: "A site's imports with their progress",
    query: importListQuerySchema,
    response: z.object({ list: z.array(importSchema) }),
  }),
  /**
   * Upload: multipart with `site_id`, `kind` and the file(s) (`file`). Starts a job; the same file
   * on the same site answers the import that already holds it.
   */
  upload: endpoint({
    method: 'POST',
    path: '/api/v1/api2/imports/upload',
    access: 'dashboard',
    summary: 'Upload history to import (multipart: site_id, kind, file…)',
    multipart: true,
    response: z.object({ import: importSchema, duplicate: z.boolean() }),
  }),
  /** Deletes everything an import wrote. */
  undo: endpoint({
    method: 'POST',
    path: '/api/v1/api2/imports/undo',
    access: 'dashboard',
    summary: 'Undo an import: delete everything it wrote',
    body: importIdBodySchema,
    response: importSchema,
  }),
});
