import { z } from 'zod';
import { csvQuery } from './csv-schemas.js';
import { defineApi, endpoint, nothing, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { plainText, storableString } from './text.js';

/** The multipart field name uploads use (repeat it for several files). */
export const UPLOAD_FIELD = 'file';

export const FILE_KINDS = ['image', 'video', 'audio', 'document', 'archive'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const fileSchema = z.object({
  id: z.number().int(),
  /** The name it was uploaded with (display only; never used on disk). */
  name: storableString(),
  /** Site-relative address it is served from (`/uploads/<random>.<ext>`). */
  url: storableString(),
  mime: storableString(),
  ext: storableString(),
  kind: z.enum(FILE_KINDS),
  size: z.number().int(),
  /** Pixel size of images, when readable from the header. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploader_id: z.number().int().nullable(),
  uploader_name: storableString(),
  created_at: storableString(),
});
export type FileItem = z.infer<typeof fileSchema>;

export const FILE_SORTS = ['-id', 'id', '-size', 'size', 'name', '-name'] as const;

export const fileListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(FILE_SORTS).default('-id'),
  /** Matches the uploaded name. */
  keyword: plainText(64).optional(),
  kind: z.enum(FILE_KINDS).optional(),
});
export type FileListQuery = z.input<typeof fileListQuerySchema>;

export const fileListSchema = pageSchema(fileSchema);
export type FilePage = z.infer<typeof fileListSchema>;

export const fileUploadResponseSchema = z.object({ list: z.array(fileSchema) });

export const fileLimitsSchema = z.object({
  /** Largest accepted file in bytes (UPLOAD_MAX_MB); a larger one is refused with HTTP 413. */
  max_bytes: z.number().int(),
  /** Most files in one upload request. */
  max_files: z.number().int(),
  /** Accepted types, recognised from the file's bytes (not its name). */
  types: z.array(z.object({ mime: storableString(), ext: storableString(), kind: z.enum(FILE_KINDS) })),
});
export type FileLimits = z.infer<typeof fileLimitsSchema>;

export const fileDeleteBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
  /** Delete even files an article or ad still uses. */
  confirm: z.boolean().default(false),
});
export type FileDeleteBody = z.input<typeof fileDeleteBodySchema>;

export const fileUserSchema = z.object({
  kind: z.enum(['article', 'ad']),
  /** Article id (digits) or ad id. */
  id: storableString(),
  title: storableString(),
});
export type FileUser = z.infer<typeof fileUserSchema>;

/**
 * `POST files/del`: when any file is in use and `confirm` is not true, nothing is deleted and
 * `in_use` says who uses what; ask, then send again with `confirm: true`.
 */
export const fileDeleteResponseSchema = z.object({
  deleted: z.array(z.number().int()),
  in_use: z.array(
    z.object({
      file_id: z.number().int(),
      name: storableString(),
      url: storableString(),
      used_by: z.array(fileUserSchema),
    }),
  ),
});
export type FileDeleteResponse = z.infer<typeof fileDeleteResponseSchema>;

export const imageListQuerySchema = fileListQuerySchema.omit({ kind: true });

/** 素材管理's calls (admins), and the article editor's image picker and upload limits (article editors). */
export const FILES_API = defineApi('files', {
  /** Admin: list with paging and search. */
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/files/fetch',
    access: 'files',
    summary: 'List uploaded files (search, kind, sort)',
    query: fileListQuerySchema,
    response: fileListSchema,
  }),
  /** The filtered files as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/files/export',
    access: 'files',
    file: true,
    summary: 'The filtered files as a CSV file',
    query: csvQuery(fileListQuerySchema),
    response: nothing,
  }),
  /** Admin: multipart upload, field `file`, several at once. */
  upload: endpoint({
    method: 'POST',
    path: '/api/v1/admin/files/upload',
    access: 'files',
    summary: 'Upload files (multipart, field "file", several at once)',
    multipart: true,
    response: fileUploadResponseSchema,
  }),
  /** Admin: delete; refuses files in use unless `confirm` is true. */
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/files/del',
    access: 'files',
    summary: 'Delete files; files in use are refused unless confirmed',
    body: fileDeleteBodySchema,
    response: fileDeleteResponseSchema,
  }),
  /** Admin and article editors: size limit and accepted types, for checks before uploading. */
  limits: endpoint({
    method: 'GET',
    path: '/api/v1/admin/files/limits',
    access: 'articles',
    summary: 'Upload size limit and accepted file types',
    response: fileLimitsSchema,
  }),
  /** Admin and article editors: images only, for the article editor's picker. */
  images: endpoint({
    method: 'GET',
    path: '/api/v1/admin/article/images',
    access: 'articles',
    summary: 'List uploaded images, for the article editor',
    query: imageListQuerySchema,
    response: fileListSchema,
  }),
  /** Admin and article editors: multipart upload of images only (same field and answer as `upload`). */
  uploadImage: endpoint({
    method: 'POST',
    path: '/api/v1/admin/article/upload',
    access: 'articles',
    summary: 'Upload images only (multipart, field "file"), for the article editor',
    multipart: true,
    response: fileUploadResponseSchema,
  }),
});

/** The calls' paths (tests and links name a call by its path). */
export const FILES_PATHS = pathsOf(FILES_API);

/** The audit trail's actions of 素材管理 (audit.ts gathers every area's; the web labels each). */
export const FILES_AUDIT_ACTIONS = ['files.upload', 'files.delete'] as const;
