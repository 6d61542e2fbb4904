import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { Jobs } from './jobs/index.js';
import { defineMaintenance, scheduleMaintenance } from './jobs/maintenance.js';
import { scheduleRollupJobs } from './jobs/rollups.js';
import { envelopeTransform } from './lib/openapi.js';
import { createSealer } from './lib/sealed.js';
import { analyticsRoutes, createAnalyticsServices } from './modules/analytics/analytics.module.js';
import { ArticlesRepository } from './modules/articles/articles.repository.js';
import { articlesRoutes } from './modules/articles/articles.routes.js';
import { ArticlesService } from './modules/articles/articles.service.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { AuditService } from './modules/audit/audit.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { EmailCodesRepository } from './modules/auth/email-codes.repository.js';
import { EmailCodesService } from './modules/auth/email-codes.service.js';
import { CaptchaRepository } from './modules/captcha/captcha.repository.js';
import { CaptchaService } from './modules/captcha/captcha.service.js';
import { FileStore } from './modules/files/file-store.js';
import { FilesRepository } from './modules/files/files.repository.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { FilesService } from './modules/files/files.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { MailRepository } from './modules/mail/mail.repository.js';
import { MailService } from './modules/mail/mail.service.js';
import type { PreviewOptions } from './modules/reports/preview.service.js';
import { SessionsRepository } from './modules/sessions/sessions.repository.js';
import { SessionsService } from './modules/sessions/sessions.service.js';
import { AdminSettingsService } from './modules/settings/admin-settings.service.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { ThrottleRepository } from './modules/throttle/throttle.repository.js';
import { ThrottleService } from './modules/throttle/throttle.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { NO_SITES, type SiteDirectory, UsersService } from './modules/users/users.service.js';
import authPlugin from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { CSP_DIRECTIVES } from './plugins/csp.js';
import envelopePlugin from './plugins/envelope.js';
import siteClosedPlugin from './plugins/site-closed.js';
import { webPlugin } from './plugins/web.js';

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Test seam for randomness only: the captcha text. */
  captchaText?: () => string;
  /** Job polling, shorter in tests so mail arrives quickly. */
  jobPollingSeconds?: number;
  /** Test seam for time only: "now" of the reports. */
  clock?: () => Date;
  /** Size of the preview's demo site (tests keep it small). */
  preview?: Partial<PreviewOptions>;
}

/** Services a CLI command or test may call directly, the same instances the routes use. */
export function createServices(opts: BuildOptions, log: FastifyInstance['log']) {
  const { config, db } = opts;
  const jobs = new Jobs(db, {
    runWorkers: config.role !== 'serve',
    log,
    pollingIntervalSeconds: opts.jobPollingSeconds,
  });
  const settings = new SettingsService(new SettingsRepository(db.orm), createSealer(config.appSecret), log);
  const audit = new AuditService(new AuditRepository(db.orm));
  const sessions = new SessionsService(new SessionsRepository(db.orm), config);
  const throttle = new ThrottleService(new ThrottleRepository(db));
  const captcha = new CaptchaService(new CaptchaRepository(db.orm), {
    enabled: config.captchaEnabled,
    secret: config.appSecret,
    text: opts.captchaText,
  });
  const mail = new MailService(new MailRepository(db.orm), jobs, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    allowedPorts: config.smtpAllowedPorts,
    printToConsole: config.printMailToConsole,
    log,
    smtpSettings: async () => {
      const s = await settings.all();
      return {
        host: s.smtp_host,
        port: s.smtp_port,
        secure: s.smtp_secure,
        user: s.smtp_user,
        pass: s.smtp_pass,
        from: s.mail_from,
      };
    },
  });
  const adminSettings = new AdminSettingsService(settings, audit, mail);
  const fileStore = new FileStore(config.dataDir);
  const files = new FilesService(new FilesRepository(db.orm), fileStore, config.uploadMaxBytes);
  const articles = new ArticlesService(new ArticlesRepository(db.orm));
  files.addUsageSource((urls) => settings.adsUsing(urls));
  files.addUsageSource((urls) => articles.usingFiles(urls));
  const codes = new EmailCodesService(new EmailCodesRepository(db.orm), mail, config.appSecret);
  const usersRepo = new UsersRepository(db.orm);
  let siteDirectory: SiteDirectory = NO_SITES;
  const users = new UsersService(usersRepo, sessions, settings, () => siteDirectory, throttle);
  const auth = new AuthService({ users, usersRepo, sessions, settings, captcha, throttle, codes });
  defineMaintenance(jobs, { db, sessions, captcha, codes });
  const analytics = createAnalyticsServices({
    db,
    config,
    jobs,
    sessions,
    settings,
    throttle,
    users,
    clock: opts.clock,
    preview: opts.preview,
  });
  siteDirectory = analytics.sites;
  return {
    ...analytics,
    db,
    jobs,
    settings,
    adminSettings,
    fileStore,
    files,
    articles,
    audit,
    sessions,
    throttle,
    captcha,
    mail,
    codes,
    users,
    auth,
    /** The sites area plugs in here once it exists. */
    setSiteDirectory(directory: SiteDirectory) {
      siteDirectory = directory;
    },
  };
}

export type Services = ReturnType<typeof createServices>;

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

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compressionPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Tally API', version: '1.0.0' } },
    transform: envelopeTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(envelopePlugin, { cryptEnabled: () => services.settings.get('crypt_enabled') });
  await app.register(authPlugin, { sessions: services.sessions });
  await app.register(siteClosedPlugin, {
    webclose: () => services.settings.get('webclose'),
    publicSettings: () => services.settings.publicSettings(),
  });

  await app.register(healthRoutes, { db: opts.db, jobs: services.jobs });
  await app.register(authRoutes, services);
  await app.register(usersRoutes, services);
  await app.register(settingsRoutes, services);
  await app.register(articlesRoutes, services);
  await app.register(filesRoutes, services);
  await app.register(analyticsRoutes, services);
  await app.register(webPlugin, { dist: config.webDist });

  app.addHook('onReady', async () => {
    await services.jobs.start();
    await scheduleMaintenance(services.jobs);
    await scheduleRollupJobs(services.jobs);
  });
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    services.mail.close();
  });
  return { app, services };
}
