import { ACCESS, type AccessArea, apiKeyReaches, HEADER_TOKEN, hasAnyRole } from '@tally/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, tokenInvalid } from '../lib/errors.js';
import type { AuthContext, SessionsService } from '../modules/sessions/sessions.service.js';
import { TOKEN_COOKIE } from './api-docs.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every API route names its area of the contracts' access table, or `public`. */
    access?: AccessArea | 'public';
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}

/** The signed-in account's own id; a share-link client has none (ACCESS.account refuses it first). */
export function ownAccountId(request: FastifyRequest): number {
  const { userId } = requireAuth(request);
  if (userId === null) throw forbidden();
  return userId;
}

/** Who is acting and from where, for the audit row a service writes with the change. */
export function actorOf(request: FastifyRequest): { userId: number | null; ip: string } {
  return { userId: requireAuth(request).userId, ip: request.ip };
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[HEADER_TOKEN];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

/**
 * The session cookie, read only for a file download (a GET declared `file`: the CSV exports). The web
 * app starts those as a plain link so the browser streams the file to disk (no header can ride on a
 * link). Safe to accept there: the call only reads, the cookie is SameSite=Lax (no cross-site
 * subresource carries it), and a cross-site link would only save the victim's own file on the
 * victim's own disk, unread by the linking page.
 */
function downloadCookieOf(request: FastifyRequest): string | undefined {
  const endpoint = request.routeOptions.config?.endpoint;
  if (!endpoint?.file || request.method !== 'GET') return undefined;
  return request.cookies?.[TOKEN_COOKIE]?.trim() || undefined;
}

/** `Authorization: Bearer <credential>` (an API key), never read when an `X-Token` is sent. */
function bearerOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Resolves the session (`X-Token`) or API key (`Authorization: Bearer`) and checks the route's access
 * area before the body is even parsed. Deny by default: an API route that declares no area refuses to
 * register.
 */
async function authPlugin(app: FastifyInstance, opts: { sessions: SessionsService }) {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/v1/') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access area`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = tokenOf(request);
    if (token) {
      const resolved = await opts.sessions.resolve(token);
      if (resolved) {
        request.auth = resolved.auth;
        request.renewedToken = resolved.renewedToken;
      }
    } else {
      const bearer = bearerOf(request);
      const cookie = bearer ? undefined : downloadCookieOf(request);
      if (bearer && opts.sessions.bearer)
        request.auth = await opts.sessions.bearer.resolve(bearer, request.ip);
      // Never rotated here: the file's answer has no envelope to hand a new token back in.
      else if (cookie) request.auth = (await opts.sessions.resolve(cookie, new Date(), false))?.auth;
    }
    if (access === 'public') return;
    if (!request.auth) throw tokenInvalid();
    if (!hasAnyRole(request.auth.roles, ACCESS[access])) throw forbidden();
    // An API key reaches a call only when its scopes do too (never account management).
    const key = request.auth.apiKey;
    const endpoint = request.routeOptions.config.endpoint;
    if (key && !(endpoint && apiKeyReaches(key.scopes, endpoint))) throw forbidden();
  });

  app.addHook('onResponse', async (request, reply) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (!request.auth?.apiKey || !endpoint || !opts.sessions.bearer) return;
    try {
      await opts.sessions.bearer.answered(request.auth, endpoint, reply.statusCode, request.ip);
    } catch (err) {
      request.log.warn({ err }, 'recording an API key use failed');
    }
  });
}

export default fp(authPlugin, { name: 'auth' });
