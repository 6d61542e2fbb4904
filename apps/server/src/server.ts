import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';

/**
 * Starts the product: migrations run inside this process (never a second process on PGlite), then
 * HTTP (role all|serve) and jobs (role all|worker). SIGTERM/SIGINT stop accepting, let in-flight
 * requests finish, stop jobs and close the database.
 */
export async function start(config: Config): Promise<void> {
  const db = await openDatabase(config);
  await db.migrate();
  const { app, services } = await buildApp({ config, db });

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
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    try {
      await app.close();
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  if (config.role === 'worker') {
    await app.ready();
    app.log.info('worker started (jobs only, no HTTP)');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
}
