import type { Endpoint } from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Routes under `/api/` that serve no declaration, each with its reason. Everything else under `/api/`
 * comes from an `*_API` descriptor (`lib/endpoint-routes.ts`).
 */
export const UNDECLARED_API_ROUTES: Readonly<Record<string, string>> = {
  // Telegram's own update format, posted by Telegram and checked by its secret header.
  'POST /api/v1/telegram/webhook/:botId': 'Telegram webhook',
  // The tracker's beacon: text/plain from any origin, answered 204/202, never the envelope.
  'POST /api/collect': 'tracker beacon',
  'OPTIONS /api/collect': 'tracker beacon preflight',
  // Other trackers' protocols (modules/collect/compat): their own bodies and answers, CORS for any origin.
  'POST /api/send': 'Umami collect',
  'OPTIONS /api/send': 'Umami collect preflight',
  'POST /api/batch': 'Umami batch collect',
  'OPTIONS /api/batch': 'Umami batch collect preflight',
  // Plausible's event API (modules/collect/compat-plausible.routes.ts): its own 202 / 400 answers.
  'POST /api/event': 'Plausible-compatible event',
  'OPTIONS /api/event': 'Plausible-compatible event preflight',
};

/** Prefixes of routes that are not API calls at all (the document, its UI and its assets). */
const NOT_CALLS = ['/api/docs'];

export interface RegisteredRoute {
  method: string;
  url: string;
  endpoint?: Endpoint;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, with the declaration it serves (the registration test reads it). */
    registeredRoutes: RegisteredRoute[];
  }
}

const isApi = (url: string) => url.startsWith('/api/') && !NOT_CALLS.some((p) => url.startsWith(p));

/**
 * Deny by default: an API route that serves no declaration (and is not one of the listed exceptions)
 * refuses to register, and so does one whose method or path differs from its declaration's.
 */
async function endpointsPlugin(app: FastifyInstance) {
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const endpoint = route.config?.endpoint;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registered.push({ method, url: route.url, endpoint });
      if (endpoint) {
        if (endpoint.method !== method || endpoint.path !== route.url)
          throw new Error(
            `Route ${method} ${route.url} serves ${endpoint.id} (${endpoint.method} ${endpoint.path})`,
          );
      } else if (isApi(route.url) && !UNDECLARED_API_ROUTES[`${method} ${route.url}`]) {
        throw new Error(
          `Route ${method} ${route.url} is registered without a descriptor (an *_API endpoint)`,
        );
      }
    }
  });
}

export default fp(endpointsPlugin, { name: 'endpoints' });

/**
 * How the registered routes cover the declared calls: declarations never registered, registered more
 * than once, and API routes serving none (beyond the listed exceptions). All three empty is the rule.
 */
export function endpointCoverage(declared: readonly Endpoint[], registered: readonly RegisteredRoute[]) {
  const times = new Map<string, number>();
  for (const { endpoint } of registered)
    if (endpoint) times.set(endpoint.id, (times.get(endpoint.id) ?? 0) + 1);
  return {
    unregistered: declared.filter((e) => !times.has(e.id)).map((e) => `${e.id} (${e.method} ${e.path})`),
    registeredTwice: [...times].filter(([, n]) => n > 1).map(([id]) => id),
    undeclared: registered
      .filter((r) => !r.endpoint && isApi(r.url) && !UNDECLARED_API_ROUTES[`${r.method} ${r.url}`])
      .map((r) => `${r.method} ${r.url}`),
  };
}
