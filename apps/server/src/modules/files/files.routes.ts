import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  FILE_URL_PREFIX,
  FILES_PATHS,
  fileDeleteBodySchema,
  fileDeleteResponseSchema,
  fileLimitsSchema,
  fileListQuerySchema,
  fileListSchema,
  fileUploadResponseSchema,
  imageListQuerySchema,
} from '@tally/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors.js';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { FileStore } from './file-store.js';
import { type FilesService, type IncomingFile, MAX_FILES_PER_UPLOAD } from './files.service.js';
import { FILE_TYPES } from './sniff.js';

export interface FilesRoutesDeps {
  files: FilesService;
  fileStore: FileStore;
}

const tags = ['files'];
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

function multipartParts(request: FastifyRequest): AsyncIterable<IncomingFile> {
  if (!request.isMultipart())
    throw fieldError('file', 'send multipart/form-data with one or more "file" parts');
  return request.files();
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

  const upload = async (request: FastifyRequest, imagesOnly: boolean) => ({
    list: await files.upload(multipartParts(request), { actor: actorOf(request), imagesOnly }),
  });

  resourceRoutes(app, {
    tag: 'files',
    access: 'files',
    paths: FILES_PATHS,
    fetch: {
      input: fileListQuerySchema,
      response: fileListSchema,
      handler: (query) => files.list(query, query),
    },
    // Files in use are refused unless confirmed (the answer names where they are used).
    del: {
      input: fileDeleteBodySchema,
      response: fileDeleteResponseSchema,
      handler: (body, request) => files.delete(body.ids, body.confirm, actorOf(request)),
    },
  });

  app.post(
    FILES_PATHS.upload,
    {
      config: { access: 'files' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: fileUploadResponseSchema } },
    },
    (request) => upload(request, false),
  );

  app.get(
    FILES_PATHS.limits,
    { config: { access: 'articles' }, schema: { tags, response: { 200: fileLimitsSchema } } },
    () => files.limits(),
  );

  app.get(
    FILES_PATHS.images,
    {
      config: { access: 'articles' },
      schema: { tags, querystring: imageListQuerySchema, response: { 200: fileListSchema } },
    },
    (request) => files.list({ ...request.query, kind: 'image' }, request.query),
  );

  app.post(
    FILES_PATHS.uploadImage,
    {
      config: { access: 'articles' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: fileUploadResponseSchema } },
    },
    (request) => upload(request, true),
  );
};
