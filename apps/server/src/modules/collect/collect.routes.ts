import type { FastifyInstance, FastifyReply } from 'fastify';
import { COLLECT_BODY_LIMIT } from './collect.schema.js';
import type { CollectService } from './collect.service.js';
import { loadTrackerScript, sendScript, type TrackerScript } from './tracker-script.js';

export interface CollectRoutesDeps {
  collect: CollectService;
  tracker?: TrackerScript;
}

/** Hits come from every site's pages: any origin may post, and only "simple" requests are needed. */
function crossOrigin(reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/**
 * `POST /api/collect` (the tracker's endpoint) and `GET /tj.js` (the tracker). Both answer on any host,
 * so every `tjDomains` entry pointed at this server serves and collects.
 */
export async function collectRoutes(app: FastifyInstance, deps: CollectRoutesDeps) {
  const tracker = deps.tracker ?? loadTrackerScript();

  // Not JSON API calls: kept out of the OpenAPI document.
  const hidden = { schema: { hide: true } };
  // A 204 to a beacon has no document to protect: skip the security headers on the hot path.
  const beacon = { ...hidden, helmet: false as const };

  app.get('/tj.js', hidden, async (request, reply) => sendScript(request, reply, tracker));

  await app.register(async (scope) => {
    // sendBeacon posts text/plain; accept any type as raw text and parse it ourselves, under a small cap.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: COLLECT_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.addHook('onSend', async (_request, reply) => crossOrigin(reply));

    scope.options('/api/collect', beacon, async (request, reply) => {
      reply.header('access-control-allow-methods', 'POST');
      // No credentials are ever involved, so whatever headers a page's fetch adds are harmless.
      reply.header(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? 'content-type',
      );
      reply.header('access-control-max-age', '86400');
      return reply.code(204).send();
    });

    scope.post('/api/collect', beacon, async (request, reply) => {
      const outcome = await deps.collect.collect(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        headers: request.headers,
      });
      if (!outcome.stored) reply.header('x-tally-dropped', outcome.dropped).code(202);
      else reply.code(204);
      return reply.send();
    });
  });
}
