import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { HEADER_TOKEN } from '@tally/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { forbidden, tokenInvalid } from '../lib/errors.js';
import { requestLanguage } from '../lib/language.js';
import { openApiOptions } from '../lib/openapi.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';
import { toErrorResponse } from './envelope.js';

/** Where Swagger UI is served; the document is `<prefix>/json` (and `/yaml`). */
export const API_DOCS_PREFIX = '/api/docs';

/** The cookie the web app keeps its session token in (apps/web/src/lib/cookies.ts, `COOKIE.token`). */
export const TOKEN_COOKIE = 'x-token';

export interface ApiDocsOptions {
  mode: Config['apiDocs'];
  sessions: Pick<SessionsService, 'peek'>;
}

const isDocument = (request: FastifyRequest) => /\/(json|yaml)$/.test(request.routeOptions.url ?? '');

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[HEADER_TOKEN];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value || request.cookies?.[TOKEN_COOKIE] || undefined;
}

/**
 * The OpenAPI document of every call and its Swagger UI, as `API_DOCS` says:
 *
 * - `public`: anyone reads both.
 * - `signed-in` (the default): the UI page and its assets are served to anyone (they hold nothing),
 *   but the document answers only a signed-in account's session token, in the `X-Token` header or
 *   in the web app's `x-token` cookie. A browser signed in to Tally thus opens `/api/docs` and sees
 *   everything, since Swagger UI fetches the document from the same origin with the cookie; a script
 *   sends the header. No token: HTTP 401; a share-link session: HTTP 403. The session is only looked
 *   at, never slid or rotated, since this answer could not hand a renewed token back.
 * - `off`: neither is served (404).
 *
 * "Authorize" in Swagger UI takes a session token (`X-Token`) or an API key (Bearer) for "Try it out",
 * and keeps it across reloads of the page (in the browser's local storage).
 */
async function apiDocsPlugin(app: FastifyInstance, opts: ApiDocsOptions) {
  await app.register(fastifySwagger, openApiOptions());
  if (opts.mode === 'off') return;

  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isDocument(request)) return;
    // It lists every admin call: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    const token = tokenOf(request);
    const who = token ? await opts.sessions.peek(token) : undefined;
    if (who?.kind === 'user') return;
    const refusal = who ? forbidden() : tokenInvalid();
    const { body } = toErrorResponse(refusal, requestLanguage(request));
    return reply.status(who ? 403 : 401).send(body);
  };

  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: {
      persistAuthorization: true,
      displayOperationId: true,
      docExpansion: 'none',
      filter: true,
    },
    ...(opts.mode === 'signed-in' ? { uiHooks: { onRequest: signedIn } } : {}),
  });
}

export default fp(apiDocsPlugin, { name: 'api-docs' });
