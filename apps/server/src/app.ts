import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { Jobs } from './jobs/index.js';
import {
  type AnyModule,
  closeModules,
  composeServices,
  type KernelSeams,
  registerRoutes,
  type Services,
} from './kernel/module.js';
import { apiKeysModule } from './modules/api-keys/api-keys.module.js';
import { articlesModule } from './modules/articles/articles.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { billingModule } from './modules/billing/billing.module.js';
import { captchaModule } from './modules/captcha/captcha.module.js';
import { collectModule } from './modules/collect/collect.module.js';
import { consoleFiguresModule, consoleModule } from './modules/console/console.module.js';
import { filesModule } from './modules/files/files.module.js';
import { financeModule } from './modules/finance/finance.module.js';
import { healthModule } from './modules/health/health.module.js';
import { importsModule } from './modules/imports/imports.module.js';
import { invitesModule } from './modules/invites/invites.module.js';
import { ledgerModule } from './modules/ledger/ledger.module.js';
import { mailModule } from './modules/mail/mail.module.js';
import { maintenanceModule } from './modules/maintenance/maintenance.module.js';
import { playgroundModule } from './modules/playground/playground.module.js';
import { queueModule } from './modules/queue/queue.module.js';
import { reportsModule } from './modules/reports/reports.module.js';
import { rollupsModule } from './modules/rollups/rollups.module.js';
import { sessionsModule } from './modules/sessions/sessions.module.js';
import { settingsModule, settingsStoreModule } from './modules/settings/settings.module.js';
import { shortLinksModule } from './modules/short-links/short-links.module.js';
import { sitesModule } from './modules/sites/sites.module.js';
import { telegramModule, telegramNoticesModule } from './modules/telegram/telegram.module.js';
import { throttleModule } from './modules/throttle/throttle.module.js';
import { ticketsModule } from './modules/tickets/tickets.module.js';
import { usersModule } from './modules/users/users.module.js';
import apiDocsPlugin from './plugins/api-docs.js';
import authPlugin from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { CSP_DIRECTIVES } from './plugins/csp.js';
import endpointsPlugin from './plugins/endpoints.js';
import envelopePlugin from './plugins/envelope.js';
import { metricsPlugin } from './plugins/metrics.js';
import siteClosedPlugin from './plugins/site-closed.js';
import { webPlugin } from './plugins/web.js';

export type { Services } from './kernel/module.js';

/**
 * The areas of the product, in dependency order: each module is built from the services of those above
 * it (the composition refuses a module whose needs are not met yet). Adding an area adds one line.
 */
export const MODULES: readonly AnyModule[] = [
  consoleFiguresModule,
  settingsStoreModule,
  auditModule,
  sessionsModule,
  throttleModule,
  captchaModule,
  mailModule,
  settingsModule,
  ledgerModule,
  telegramNoticesModule,
  financeModule,
  filesModule,
  articlesModule,
  rollupsModule,
  sitesModule,
  usersModule,
  apiKeysModule,
  billingModule,
  invitesModule,
  ticketsModule,
  authModule,
  maintenanceModule,
  collectModule,
  shortLinksModule,
  reportsModule,
  importsModule,
  consoleModule,
  telegramModule,
  healthModule,
  queueModule,
  playgroundModule,
];

export interface BuildOptions extends KernelSeams {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Job polling, shorter in tests so mail arrives quickly. */
  jobPollingSeconds?: number;
  /** How often the crons are looked at (tests waiting for a real cron tick); pg-boss's default otherwise. */
  jobCronSeconds?: number;
}

/** Services a CLI command or test may call directly, the same instances the routes use. */
export function createServices(opts: BuildOptions, log: FastifyInstance['log']): Services {
  const { config, db, logger: _logger, jobPollingSeconds, jobCronSeconds, ...seams } = opts;
  const jobs = new Jobs(db, {
    runWorkers: config.role !== 'serve',
    log,
    pollingIntervalSeconds: jobPollingSeconds,
    cronSeconds: jobCronSeconds,
  });
  return composeServices(MODULES, { config, db, jobs, log, seams });
}

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy === 'true' ? true : config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built by our own code from typed services, so they are not re-validated at run time;
  // the schemas still document them in OpenAPI.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const services = createServices(opts, app.log);
  // First: it labels every route registered after it (off, and /metrics a 404, without METRICS_TOKEN).
  await app.register(metricsPlugin, { services });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compressionPlugin);
  await app.register(fastifyCookie);
  await app.register(apiDocsPlugin, { mode: config.apiDocs, sessions: services.sessions });
  await app.register(envelopePlugin, { cryptEnabled: () => services.settings.get('crypt_enabled') });
  await app.register(endpointsPlugin);
  await app.register(authPlugin, { sessions: services.sessions });
  await app.register(siteClosedPlugin, {
    webclose: () => services.settings.get('webclose'),
    publicSettings: () => services.settings.publicSettings(),
  });

  await registerRoutes(app, MODULES, services);
  await app.register(webPlugin, { dist: config.webDist });

  // Starting the queue also puts the modules' scheduled jobs on their cron. It runs in the background,
  // retried until it succeeds, so HTTP never waits for it (Fastify gives an onReady hook 10 s, which a
  // busy machine can exceed); /healthz shows it until it is ready, and tests await `jobs.ready()`.
  app.addHook('onReady', async () => services.jobs.startInBackground());
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    await closeModules(MODULES, services);
  });
  return { app, services };
}
