import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { ERROR, FILE_URL_PREFIX, FILES_API } from '@tally/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { actorOf } from '../../plugins/auth.js';
import type { FileStore } from './file-store.js';
import { type FilesService, type IncomingFile, MAX_FILES_PER_UPLOAD } from './files.service.js';
import { FILE_CSV } from './files-csv.js';
import { FILE_TYPES } from './sniff.js';

export interface FilesRoutesDeps {
  files: FilesService;
  fileStore: FileStore;
}

const MIME_BY_EXT = new Map<string, string>(Object.values(FILE_TYPES).map((t) => [t.ext, t.mime]));
const INLINE_EXTS = new Set<string>(
  Object.values(FILE_TYPES).flatMap((t) => (t.kind === 'document' || t.kind === 'archive' ? [] : [t.ext])),
);

/**
 * Uploaded files are served from our own origin, so they must never run as a page there: the type is
 * the one we sniffed, browsers may not guess another (nosniff), documents and archives download, and
 * a sandboxing CSP disarms anything that still gets rendered.
 */
function uploadHeaders(reply: FastifyReply, file: string) {
  const ext = path.extname(file).slice(1);
  reply.header('content-type', MIME_BY_EXT.get(ext) ?? 'application/octet-stream');
  reply.header('x-content-type-options', 'nosniff');
  reply.header(
    'content-security-policy',
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  );
  reply.header('content-disposition', INLINE_EXTS.has(ext) ? 'inline' : 'attachment');
  // Names are random and never reused, so a file's bytes never change.
  reply.header('cache-control', 'public, max-age=31536000, immutable');
}

/**
 * The uploaded parts, and whether an error came from the request body itself: busboy's complaints (no
 * boundary, a boundary that never comes, no closing boundary, cut-off part headers) reach us from the
 * parts iterator or as the error a part's stream ended with. Those are the client's fault; errors of
 * our own work (writing to disk) are not.
 */
function multipartUpload(request: FastifyRequest) {
  const streams: IncomingFile['file'][] = [];
  const failures = new Set<unknown>();
  async function* parts(): AsyncIterable<IncomingFile> {
    if (!request.isMultipart())
      throw fieldError('file', 'send multipart/form-data with one or more "file" parts');
    try {
      for await (const part of request.files()) {
        streams.push(part.file);
        yield part;
      }
    } catch (err) {
      failures.add(err);
      throw err;
    }
  }
  const fromBody = (err: unknown) => failures.has(err) || streams.some((s) => s.errored === err);
  return { parts: parts(), fromBody };
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesDeps> = async (app, deps) => {
  const { files, fileStore } = deps;
  await fileStore.init();
  await app.register(fastifyMultipart, {
    // Our own check reports which file was too large; busboy only stops storing past the limit.
    throwFileSizeLimit: false,
    limits: { fileSize: files.limits().max_bytes, files: MAX_FILES_PER_UPLOAD, fields: 20, parts: 40 },
  });
  await app.register(fastifyStatic, {
    root: fileStore.dir,
    prefix: FILE_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders: uploadHeaders,
  });

  const upload = async (request: FastifyRequest, imagesOnly: boolean) => {
    const body = multipartUpload(request);
    const list = await files.upload(body.parts, { actor: actorOf(request), imagesOnly }).catch((err) => {
      // Errors with a client status of their own (too many files: 413) pass as they are.
      const status = (err as { statusCode?: unknown } | null)?.statusCode;
      const clientStatus = err instanceof AppError || (typeof status === 'number' && status < 500);
      if (!clientStatus && body.fromBody(err))
        throw new AppError(ERROR.BAD_REQUEST, 400, 'malformed multipart/form-data body');
      throw err;
    });
    return { list };
  };

  routes(app, FILES_API, {
    fetch: (query) => files.list(query, query),
    export: csvExport(FILES_API.export, FILE_CSV, (q, _r, page, limit) =>
      files.list(q, { ...q, page, limit }),
    ),
    upload: (_, request) => upload(request, false),
    // Files in use are refused unless confirmed (the answer names where they are used).
    del: (body, request) => files.delete(body.ids, body.confirm, actorOf(request)),
    limits: () => files.limits(),
    images: (query) => files.list({ ...query, kind: 'image' }, query),
    uploadImage: (_, request) => upload(request, true),
  });
};
