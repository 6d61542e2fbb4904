import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers gain less than the work and the header cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers the browser accepts compressed (br first, then gzip): API JSON and CSV, the
 * tracker, anything without a precompressed file. The built web assets come with `.br` and `.gz`
 * files made at build time (scripts/precompress.mjs), which @fastify/static sends as they are; an
 * answer that already has a Content-Encoding is never compressed again. Brotli runs at quality 4 here:
 * its default 11 costs tens of milliseconds per report answer for a few percent.
 */
async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** Not encapsulated: the hook must reach every route, registered after it or not. */
export const compressionPlugin = fp(compression, { name: 'compression' });
