import { CONSOLE_API } from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../kernel/module.js';
import { routes } from '../../lib/endpoint-routes.js';
import { ConsoleRepository } from './console.repository.js';
import { ConsoleService } from './console.service.js';
import { ConsoleFigures } from './console-figures.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    /** The console's extension point: modules add their tiles here (see console/README.md). */
    consoleFigures: ConsoleFigures;
    console: ConsoleService;
  }
}

/** Listed first in MODULES, so every module may contribute console figures. */
export const consoleFiguresModule = defineModule({
  name: 'consoleFigures',
  needs: [],
  services: () => ({ consoleFigures: new ConsoleFigures() }),
});

/** Listed after the modules whose figures it shows; reads every contributed source per call. */
export const consoleModule = defineModule({
  name: 'console',
  needs: ['consoleFigures', 'audit'],
  services: ({ db, consoleFigures, audit, log, seams }) => ({
    console: new ConsoleService(new ConsoleRepository(db), consoleFigures, audit, log, seams.clock),
  }),
  routes: async (app: FastifyInstance, { console }) => {
    routes(app, CONSOLE_API, { fetch: () => console.fetch() });
  },
});
