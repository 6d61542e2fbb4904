import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HitContext } from '../collect.service.js';
import { loadTrackerScript, sendScript, type TrackerScript, trackerFile } from '../tracker-script.js';
import { compatCors } from './cors.js';
import type { MatomoIngest } from './matomo.service.js';
import { CompatRefused } from './shared.js';
import type { UmamiIngest } from './umami.service.js';

export interface CompatRoutesDeps {
  umami: UmamiIngest;
  matomo: MatomoIngest;
  umamiScript?: TrackerScript;
  matomoScript?: TrackerScript;
}

/** Umami's and Matomo's collect paths; Plausible's `/api/event` has its own scope (compat-plausible.routes.ts). */
export const UMAMI_PATHS = ['/api/send', '/api/batch'] as const;
export const MATOMO_PATHS = ['/matomo.php', '/piwik.php'] as const;
/** Where Matomo's snippet loads its script from (`g.src = u + 'matomo.js'`; older snippets `piwik.js`). */
export const MATOMO_SCRIPT_PATHS = ['/matomo.js', '/piwik.js'] as const;

/** A single Umami hit is a few hundred bytes; a batch or a Matomo bulk call holds up to thousands. */
const BODY_LIMIT = 4 * 1024 * 1024;

/** Matomo's answer to a tracking request: a transparent 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAAAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const contextOf = (request: FastifyRequest): HitContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  headers: request.headers,
});

/** JSON text, or undefined when it is not JSON (the protocol then answers its own 400). */
function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The other trackers' wire protocols, in one plugin scope with its own body parser (any content type
 * read as text, parsed by the protocol) and CORS on every answer (cors.ts):
 * - Umami: `POST /api/send`, `POST /api/batch`, and `GET /script.js` (packages/tracker/src/umami.ts);
 * - Matomo: `GET`/`POST /matomo.php` and `/piwik.php`, single requests and bulk JSON, and
 *   `GET /matomo.js`, `/piwik.js` (packages/tracker/src/matomo.ts).
 */
export async function compatRoutes(app: FastifyInstance, deps: CompatRoutesDeps) {
  const script = deps.umamiScript ?? loadTrackerScript(trackerFile('umami.js'));
  const matomoScript = deps.matomoScript ?? loadTrackerScript(trackerFile('matomo.js'));
  const hidden = { schema: { hide: true } };
  app.get('/script.js', hidden, async (request, reply) => sendScript(request, reply, script));
  for (const path of MATOMO_SCRIPT_PATHS)
    app.get(path, hidden, async (request, reply) => sendScript(request, reply, matomoScript));

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    const asText = { parseAs: 'string' as const, bodyLimit: BODY_LIMIT };
    const keep = (_req: FastifyRequest, body: string | Buffer, done: (err: null, body: unknown) => void) =>
      done(null, body);
    // Umami's script and clients send `application/json`: named, its parser is found in Fastify's cache;
    // through `*` alone every request parsed its content type again (about 3 µs a hit in a profile).
    scope.addContentTypeParser('application/json', asText, keep);
    scope.addContentTypeParser('*', asText, keep);
    compatCors(scope, [...UMAMI_PATHS, ...MATOMO_PATHS]);
    // Beacons and pixels have no document to protect: no security headers on the hot path.
    const beacon = { ...hidden, helmet: false as const };

    const umami = (kind: 'send' | 'batch') => async (request: FastifyRequest, reply: FastifyReply) => {
      const json = parseJson(request.body);
      const cache = request.headers['x-umami-cache'];
      const token = Array.isArray(cache) ? cache[0] : cache;
      const answer =
        json === undefined
          ? {
              status: 400,
              body: { error: { message: 'body: malformed JSON', code: 'bad-request', status: 400 } },
            }
          : await deps.umami[kind](json, contextOf(request), token);
      return reply.code(answer.status).send(answer.body);
    };
    scope.post('/api/send', beacon, umami('send'));
    scope.post('/api/batch', beacon, umami('batch'));

    for (const path of MATOMO_PATHS) {
      scope.get(path, beacon, (request, reply) => matomo(deps.matomo, request, reply));
      scope.post(path, beacon, (request, reply) => matomo(deps.matomo, request, reply));
    }
  });
}

/** The query, with a form body's fields added (Matomo merges `$_GET + $_POST`). */
function paramsOf(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  const params = new URLSearchParams(at >= 0 ? request.url.slice(at + 1) : '');
  if (typeof request.body === 'string' && request.body !== '' && !request.body.trimStart().startsWith('{'))
    for (const [k, v] of new URLSearchParams(request.body)) if (!params.has(k)) params.set(k, v);
  return params;
}

async function matomo(ingest: MatomoIngest, request: FastifyRequest, reply: FastifyReply) {
  const body = typeof request.body === 'string' ? request.body.trimStart() : '';
  if (request.method === 'POST' && body.startsWith('{')) return matomoBulk(ingest, request, reply);
  reply.header('cache-control', 'no-store');
  const params = paramsOf(request);
  // A bare request (a person opening the address) gets a word on what this is, as Matomo does.
  if ([...params.keys()].length === 0)
    return reply.type('text/plain; charset=utf-8').send('Matomo-compatible tracking endpoint (Tally).\n');
  const result = await ingest.track(params, contextOf(request));
  if (!result.ok) {
    reply.code(400).header('x-tally-error', encodeURIComponent(result.message).slice(0, 300));
    return params.get('send_image') === '0' ? reply.send() : reply.type('image/gif').send(GIF);
  }
  if (params.get('send_image') === '0') return reply.code(204).send();
  return reply.type('image/gif').send(GIF);
}

async function matomoBulk(ingest: MatomoIngest, request: FastifyRequest, reply: FastifyReply) {
  const json = parseJson(request.body);
  try {
    if (json === undefined) throw new CompatRefused('body: malformed JSON');
    const r = await ingest.bulk(json, contextOf(request));
    return reply.send({
      status: 'success',
      tracked: r.tracked,
      invalid: r.invalid,
      invalid_indices: r.invalidIndices,
    });
  } catch (err) {
    if (!(err instanceof CompatRefused)) throw err;
    return reply.code(400).send({ status: 'error', tracked: 0, invalid: 0, message: err.message });
  }
}
