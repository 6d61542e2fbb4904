import type { FastifyInstance, FastifyReply } from 'fastify';

/** Headers other trackers' browser scripts send: Umami's `fetch` adds `x-umami-cache` (so a preflight). */
export const COMPAT_ALLOW_HEADERS = 'content-type, x-umami-cache';
export const COMPAT_ALLOW_METHODS = 'GET, POST, OPTIONS';

/** Hits come from every site's pages and no credentials are involved: any origin may call. */
export function compatCorsHeaders(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', COMPAT_ALLOW_METHODS);
  reply.header('access-control-allow-headers', COMPAT_ALLOW_HEADERS);
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/**
 * CORS for the compatible protocols' paths, applied inside their own plugin scope only: every answer
 * of the scope (errors, 404s of a wrong method and 413s included, since `onSend` runs for them too)
 * carries the headers, and each path's preflight is answered 204.
 */
export function compatCors(scope: FastifyInstance, paths: readonly string[]): void {
  scope.addHook('onSend', async (_request, reply) => compatCorsHeaders(reply));
  for (const path of paths) {
    scope.options(path, { schema: { hide: true }, helmet: false }, async (_request, reply) => {
      reply.header('access-control-max-age', '86400');
      return reply.code(204).send();
    });
  }
}
