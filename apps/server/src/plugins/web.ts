import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { FILE_URL_PREFIX } from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors.js';

/**
 * Serves the built React app; any other GET that accepts HTML gets index.html so client-side routes
 * work on reload. API paths never fall back to the app.
 */
export async function webPlugin(app: FastifyInstance, { dist }: { dist: string }) {
  const hasApp = existsSync(path.join(dist, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each asset (scripts/precompress.mjs): sent as they are
      // to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, file) {
        // Hashed asset names never change content; index.html must always be revalidated.
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing upload is a missing file, not a page (and its scope's reply has no sendFile).
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith(FILE_URL_PREFIX) &&
      !path.extname(request.url.split('?')[0]!);
    if (isPage && hasApp)
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    if (isPage)
      return reply
        .type('text/html')
        .send(
          '<!doctype html><title>Tally</title><p>The web app is not built: run <code>npm run build</code>.</p>',
        );
    throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
  });
}
