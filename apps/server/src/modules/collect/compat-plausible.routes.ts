import type { FastifyInstance } from 'fastify';
import { compatCors } from './compat/cors.js';
import type { PlausibleIngest } from './compat-plausible.service.js';
import { loadTrackerScript, sendScript, type TrackerScript, trackerFile } from './tracker-script.js';

export interface PlausibleRoutesDeps {
  plausible: PlausibleIngest;
  script?: TrackerScript;
}

/** Plausible allows bodies up to 1 MB; real events are a few hundred bytes, 30 long properties ~64 KB. */
const EVENT_BODY_LIMIT = 64 * 1024;

/**
 * The extensions Plausible's script names take (`script.hash.outbound-links.js`): one script serves them
 * all and reads from its own name which features to turn on (packages/tracker/src/plausible.ts).
 */
const SCRIPT_EXTENSIONS = new Set([
  'compat',
  'exclusions',
  'file-downloads',
  'hash',
  'local',
  'manual',
  'outbound-links',
  'pageleave',
  'pageview-props',
  'revenue',
  'tagged-events',
]);

/** `script.js`, `plausible.js`, or either with dot-joined known extensions, each at most once. */
export function isPlausibleScriptName(file: string): boolean {
  const parts = file.split('.');
  if (parts.length < 2 || parts.pop() !== 'js') return false;
  const base = parts.shift();
  if (base !== 'script' && base !== 'plausible') return false;
  return parts.every((p) => SCRIPT_EXTENSIONS.has(p)) && new Set(parts).size === parts.length;
}

/**
 * Plausible's wire protocol: `POST /api/event` (text/plain from its browser script, so no preflight;
 * JSON from servers) and the script at `/js/script.js` and its variants, so a site switches by changing
 * the host in its snippet. Answers: 202 `ok` (with `x-plausible-dropped: N` when N of the named sites
 * did not count the event: unknown domain, bot, ignored IP …), 400 `{errors}` for a malformed event.
 */
export async function plausibleRoutes(app: FastifyInstance, deps: PlausibleRoutesDeps) {
  const script = deps.script ?? loadTrackerScript(trackerFile('plausible.js'));
  const hidden = { schema: { hide: true } };

  app.get<{ Params: { file: string } }>('/js/:file', hidden, async (request, reply) => {
    if (!isPlausibleScriptName(request.params.file)) return reply.callNotFound();
    return sendScript(request, reply, script);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    // The compatible protocols' CORS (compat/cors.ts): every answer, errors included, and the preflight.
    compatCors(scope, ['/api/event']);
    // A page's script may read how many of its sites dropped the event.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('access-control-expose-headers', 'x-plausible-dropped');
    });
    const beacon = { ...hidden, helmet: false as const };

    scope.post('/api/event', beacon, async (request, reply) => {
      const answer = await deps.plausible.ingest(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        headers: request.headers,
      });
      if (answer.dropped > 0) reply.header('x-plausible-dropped', String(answer.dropped));
      if (answer.status === 400) return reply.code(400).send({ errors: answer.errors });
      return reply.code(202).type('text/plain; charset=utf-8').send('ok');
    });
  });
}
