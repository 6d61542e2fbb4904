import path from 'node:path';
import { defineModule } from '../../kernel/module.js';
import { ImportsRepository } from './imports.repository.js';
import { importsRoutes } from './imports.routes.js';
import { IMPORT_JOB, IMPORT_RESUME_JOB, ImportsService } from './imports.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    imports: ImportsService;
  }
}

/** History imports from Umami, Plausible and access logs (issue 28; see README.md here). */
export const importsModule = defineModule({
  name: 'imports',
  needs: ['sites', 'subscriptions'],
  services: ({ db, jobs, config, sites, subscriptions }) => ({
    imports: new ImportsService({
      db,
      repo: new ImportsRepository(db),
      sites,
      subscriptions,
      jobs,
      dir: path.join(config.dataDir, 'imports'),
    }),
  }),
  routes: async (app, s) =>
    app.register(importsRoutes, { imports: s.imports, maxBytes: s.config.importMaxBytes }),
  jobs: (s) => [
    // A failed run (the database away, the process stopping) retries from the committed cursor.
    {
      name: IMPORT_JOB,
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      handler: async (data: { id: number }) => {
        await s.imports.run(data.id);
      },
    },
    {
      name: IMPORT_RESUME_JOB,
      schedule: '* * * * *',
      retryLimit: 0,
      handler: async () => void (await s.imports.resumeStalled()),
    },
  ],
});
