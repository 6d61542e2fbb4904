import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import type { Services } from '../kernel/module.js';
import { notFound } from '../lib/errors.js';
import { enableDefaultMetrics, httpRequestDuration, processRegistry } from '../lib/metrics.js';

export const METRICS_PATH = '/metrics';
/** Requests no route matched: the web app's pages (the SPA fallback answers 200) and unknown paths. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** Job counts are read from pg-boss's tables at most this often, however often Prometheus scrapes. */
export const JOB_COUNTS_TTL_MS = 10_000;

type ResponseHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
type Labels = { method: string; route: string; status: string };

/**
 * One route's response hook. The label objects are made once per method and status, so a request
 * costs two map reads and prom-client's observe.
 */
function observer(route: string): ResponseHook {
  const byMethod = new Map<string, Map<number, Labels>>();
  return (request, reply, done) => {
    const method = request.method;
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    const status = reply.statusCode;
    let labels = byStatus.get(status);
    if (!labels) {
      labels = { method, route, status: String(status) };
      byStatus.set(status, labels);
    }
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  };
}

/** The route label: the route's pattern; the build's hashed assets (one route each) count as one. */
const routeLabel = (url: string) => (url.startsWith('/assets/') ? '/assets/*' : url);

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** `warn`, or the app's level where it is stricter: a route's level replaces the app's. */
function scrapeLogLevel(appLevel: string): (typeof LOG_LEVELS)[number] {
  const i = LOG_LEVELS.indexOf(appLevel as (typeof LOG_LEVELS)[number]);
  return LOG_LEVELS[Math.max(i, LOG_LEVELS.indexOf('warn'))]!;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>`, compared in constant time (both sides hashed to one length first). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), expected);
}

/** A value read through `read` at most once per `ms` (failures too), shared by concurrent scrapes. */
function cached<T>(read: () => Promise<T>, ms: number): () => Promise<T> {
  let at = 0;
  let value: Promise<T> | undefined;
  return () => {
    if (!value || Date.now() - at >= ms) {
      at = Date.now();
      value = read();
      value.catch(() => undefined);
    }
    return value;
  };
}

/** What is read at scrape time from this app's services: pool, pending hits, job counts, watcher lag. */
function appRegistry(services: Services, log: FastifyInstance['log']): Registry {
  const registers = [new Registry()];
  const { db } = services;
  new Gauge({
    name: 'tally_db_pool_connections',
    help: 'Database pool connections, busy (checked out) or idle; PGlite has one, its single session',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = db.poolStats();
      this.set({ state: 'busy' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'tally_db_pool_waiting',
    help: 'Checkouts waiting for a pool connection (PGlite: statements queued for its one session)',
    registers,
    collect() {
      this.set(db.poolStats().waiting);
    },
  });
  new Gauge({
    name: 'tally_db_pool_max_connections',
    help: 'Connections the database pool may open',
    registers,
    collect() {
      this.set(db.poolStats().max);
    },
  });
  new Gauge({
    name: 'tally_collect_hits_pending',
    help: 'Hits waiting for a group-commit batch (the batches being written not counted)',
    registers,
    collect() {
      this.set(services.collect.pending);
    },
  });
  const queues = cached(() => services.queueMonitor.queues(), JOB_COUNTS_TTL_MS);
  new Gauge({
    name: 'tally_jobs',
    help: `Jobs in pg-boss by queue and state (created and retry: waiting; failed: retries used up), read at most every ${JOB_COUNTS_TTL_MS / 1000} s; the same in every process on one database`,
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        for (const queue of (await queues()).list)
          for (const [state, n] of Object.entries(queue.counts)) this.set({ queue: queue.name, state }, n);
      } catch (err) {
        log.warn({ err }, 'metrics: reading the job counts failed');
      }
    },
  });
  // Only processes that run jobs run the watcher; before its first cycle the lag counts from the start.
  if (services.config.role !== 'serve') {
    const since = Date.now();
    new Gauge({
      name: 'tally_chain_watcher_lag_seconds',
      help: "Seconds since this process's chain watcher last read every address (its process start before the first)",
      registers,
      collect() {
        this.set((Date.now() - (services.chainWatcher.lastReadAt?.getTime() ?? since)) / 1000);
      },
    });
  }
  return registers[0]!;
}

/**
 * `GET /metrics` in Prometheus's text format, for `METRICS_TOKEN` holders only. Without the token
 * configured, metrics are off: no hook is installed and `/metrics` answers 404 like any unknown path
 * (rather than the web app's page). With it, a missing or wrong `Authorization: Bearer` is a 401.
 * 401 rather than 404, so a scrape with a stale token says so on Prometheus's targets page; that the
 * path exists tells nothing the token does not guard. Registered before every route: its `onRoute`
 * hook gives each route a response hook of its own, labelled with the route's pattern. A worker
 * (no HTTP) serves `/metrics` alone on `PORT`.
 */
async function metrics(app: FastifyInstance, { services }: { services: Services }) {
  const token = services.config.metricsToken;
  const hidden = { schema: { hide: true } };
  if (!token) {
    app.get(METRICS_PATH, hidden, async () => {
      throw notFound(`Route GET ${METRICS_PATH} not found`);
    });
    return;
  }
  const expected = digest(token);
  enableDefaultMetrics();
  const registry = Registry.merge([processRegistry, appRegistry(services, app.log)]);

  const ours = new WeakSet<ResponseHook>();
  app.addHook('onRoute', (route) => {
    if (route.url === METRICS_PATH) return;
    const own = route.onResponse === undefined ? [] : [route.onResponse].flat();
    // A HEAD route copied from its GET route has the GET's hook already.
    if (own.some((h) => ours.has(h as ResponseHook))) return;
    const hook = observer(routeLabel(route.url));
    ours.add(hook);
    route.onResponse = [...own, hook];
  });
  const unmatched = observer(UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request, reply, done);
    else done();
  });

  const scrape = async (authorization: string | undefined): Promise<Scrape> => {
    if (!bearerMatches(authorization, expected)) {
      app.log.warn('metrics: a scrape without the right bearer token was refused');
      return {
        status: 401,
        headers: {
          'www-authenticate': 'Bearer realm="metrics"',
          'content-type': 'text/plain; charset=utf-8',
        },
        body: 'unauthorized\n',
      };
    }
    const body = await registry.metrics();
    return {
      status: 200,
      headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
      body,
    };
  };

  // A scrape every few seconds would fill an info log.
  const logLevel = scrapeLogLevel(services.config.logLevel);
  app.get(METRICS_PATH, { ...hidden, logLevel }, async (request, reply) => {
    const { status, headers, body } = await scrape(request.headers.authorization);
    return reply.code(status).headers(headers).send(body);
  });
  if (services.config.role === 'worker') serveAlone(app, services.config, scrape);
}

interface Scrape {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A worker process answers no HTTP; with metrics on, it serves `/metrics` alone on `PORT` (and nothing
 * else, not even the health check), so its jobs, chain watcher and sends can be scraped too.
 */
function serveAlone(
  app: FastifyInstance,
  config: Services['config'],
  scrape: (authorization: string | undefined) => Promise<Scrape>,
) {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    scrape(req.headers.authorization).then(
      ({ status, headers, body }) => res.writeHead(status, headers).end(body),
      (err) => {
        app.log.error({ err }, 'metrics: a scrape failed');
        res.writeHead(500).end();
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ address: server.address() }, 'worker: /metrics served (nothing else)');
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}

export const metricsPlugin = fp(metrics, { name: 'metrics' });
