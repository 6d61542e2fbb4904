import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/** A script built by `npm run build -w packages/tracker`; the same path from `src/` and from `dist/`. */
export const trackerFile = (name: string) =>
  fileURLToPath(new URL(`../../../../../packages/tracker/dist/${name}`, import.meta.url));

export const TRACKER_FILE = trackerFile('tj.js');

export interface TrackerScript {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Read once at start: the script only changes with a deploy. Undefined when it was not built. */
export function loadTrackerScript(file = TRACKER_FILE): TrackerScript | undefined {
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    return undefined;
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
  return { body, gzip: gzipSync(body, { level: 9 }), etag };
}

/**
 * Answers with a tracker script: cached an hour, revalidated by its ETag, gzipped when the browser takes
 * it. Any page may load it (it is the snippet's `src` on every site).
 */
export function sendScript(
  request: FastifyRequest,
  reply: FastifyReply,
  script: TrackerScript | undefined,
): FastifyReply {
  if (!script) throw new AppError('INTERNAL', 503, 'tracker not built (npm run build -w packages/tracker)');
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('content-type', 'application/javascript; charset=utf-8');
  reply.header('cache-control', 'public, max-age=3600');
  reply.header('etag', script.etag);
  reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === script.etag) return reply.code(304).send();
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    reply.header('content-encoding', 'gzip');
    return reply.send(script.gzip);
  }
  return reply.send(script.body);
}
