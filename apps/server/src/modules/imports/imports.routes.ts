import { rm } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import { ERROR, IMPORT_FIELDS, IMPORTS_API, UPLOAD_FIELD } from '@tally/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../lib/endpoint-routes.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { type ImportsService, type ReceivedFile, storeStream } from './imports.service.js';

export interface ImportsRoutesDeps {
  imports: ImportsService;
  maxBytes: number;
}

/** Most files in one import (Umami: website_event, session and event_data). */
const MAX_FILES = 3;

/**
 * The multipart body: fields `site_id` and `kind`, then the files, each streamed to disk under the
 * imports folder while hashed. A file over IMPORT_MAX_MB is refused (413) and nothing is kept.
 */
async function receive(request: FastifyRequest, imports: ImportsService, maxBytes: number) {
  if (!request.isMultipart())
    throw fieldError('file', 'send multipart/form-data with site_id, kind and one or more "file" parts');
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        continue;
      }
      const received: ReceivedFile = {
        name: part.filename || 'file',
        path: await imports.uploadPath(),
        sha256: '',
        bytes: 0,
      };
      files.push(received);
      Object.assign(received, await storeStream(part.file, received.path));
      if (part.file.truncated)
        throw new AppError(
          ERROR.PAYLOAD_TOO_LARGE,
          413,
          `files over ${maxBytes / 1024 / 1024} MiB are refused`,
        );
    }
  } catch (err) {
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status < 500) throw err;
    throw new AppError(ERROR.BAD_REQUEST, 400, 'malformed multipart/form-data body');
  }
  return { fields, files };
}

export async function importsRoutes(app: FastifyInstance, deps: ImportsRoutesDeps) {
  const { imports } = deps;
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: deps.maxBytes, files: MAX_FILES, fields: 10, parts: 20 },
  });
  routes(app, IMPORTS_API, {
    list: async (q, request) => ({ list: await imports.list(requireAuth(request), q.site_id) }),
    upload: async (_, request) => {
      const auth = requireAuth(request);
      const { fields, files } = await receive(request, imports, deps.maxBytes);
      const siteId = Number(fields[IMPORT_FIELDS.site]);
      if (!Number.isInteger(siteId) || siteId <= 0) {
        await Promise.all(files.map((f) => rm(f.path, { force: true })));
        throw fieldError('site_id', 'required');
      }
      return imports.create(auth, { siteId, kind: fields[IMPORT_FIELDS.kind] ?? '', files });
    },
    undo: (body, request) => imports.undo(requireAuth(request), body.id),
  });
}
