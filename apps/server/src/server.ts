import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import type { KernelSeams } from './kernel/module.js';
import { type IpDatabases, useIpDatabases } from './lib/ip-area.js';
import { publicAddressWarnings } from './lib/public-url.js';

/** How long a stop (SIGTERM, SIGINT) may take before the process exits anyway, with status 1. */
const STOP_LIMIT_MS = 15_000;

/**
 * Starts the product: migrations run inside this process (never a second process on PGlite), then
 * HTTP (role all|serve) and jobs (role all|worker). SIGTERM/SIGINT stop accepting, let in-flight
 * requests finish, stop jobs and close the database. Returns the running app (tests close it).
 */
export async function start(config: Config, seams: KernelSeams = {}): Promise<FastifyInstance> {
  const db = await openDatabase(config);
  await db.migrate();
  // `seams`: the try-it mode's fakes (testing/playground.ts); none in production.
  const { app, services } = await buildApp({ config, db, ...seams });
  logIpDatabases(app.log, useIpDatabases(config.dataDir));
  // Without its embedded database the process could only fail every call until someone noticed: exit,
  // so the supervisor starts it again. Every acknowledged hit is committed, and PGlite recovers its
  // data directory on opening, as PostgreSQL does after a crash.
  void db.lost?.then((err) => {
    app.log.fatal({ err }, 'the embedded database stopped; exiting');
    process.exit(1);
  });

  await services.settings.sealPlainSecrets();
  const admin = await services.users.ensureFirstAdmin(config.adminEmail, config.adminPassword);
  if (admin) {
    const secret = admin.password ? `password: ${admin.password}` : 'password: (ADMIN_PASSWORD)';
    // Printed once, on the console rather than only the JSON log, so a person starting Tally sees it.
    console.log(`\n  First admin created — login: ${admin.email}  ${secret}\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Bounded whatever happens (a database that went away, a job that does not finish).
    const force = setTimeout(() => process.exit(1), STOP_LIMIT_MS);
    force.unref();
    // A keep-alive connection idle when the stop began is closed by it; one that becomes idle later
    // (its last request answered meanwhile) would otherwise hold the stop until the client lets go.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    idle.unref();
    try {
      await app.close();
      await db.close();
    } finally {
      clearTimeout(force);
      clearInterval(idle);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  if (config.role === 'worker') {
    await app.ready();
    app.log.info('worker started (jobs only, no HTTP)');
    return app;
  }
  await app.listen({ port: config.port, host: config.host });
  for (const warning of publicAddressWarnings(
    config.publicUrl,
    await services.settings.get('weburl'),
    config.port,
  ))
    app.log.warn(warning);
  return app;
}

/** Which IP location files this process reads (DATA_DIR's newer ones, else the packaged ones), and why not. */
function logIpDatabases(log: FastifyInstance['log'], used: IpDatabases): void {
  for (const problem of used.problems) log.warn(problem);
  log.info({ ipv4: used.ipv4, ipv6: used.ipv6, ipv6Version: used.ipv6Version }, 'IP location databases');
}
