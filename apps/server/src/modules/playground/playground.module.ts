import { defineModule } from '../../kernel/module.js';
import { playgroundRoutes } from './playground.routes.js';
import { PlaygroundService } from './playground.service.js';
import type { PlaygroundSeam } from './playground-seam.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    /** The try-it mode's panel (README "Try it"); inert, every call a 404, outside that mode. */
    playground: PlaygroundService;
  }
  interface KernelSeams {
    /** The fakes of the try-it mode (`cli.js playground`); absent in every other server. */
    playground?: PlaygroundSeam;
  }
}

/** The Playground panel: pays recharges on the fake chain and plays Telegram groups to the demo bot. */
export const playgroundModule = defineModule({
  name: 'playground',
  needs: ['recharges', 'chainWatcher', 'bots', 'telegramChats', 'telegramRuntime', 'sites', 'users'],
  services: (deps) => ({ playground: new PlaygroundService({ ...deps, seam: deps.seams.playground }) }),
  routes: async (app, s) => app.register(playgroundRoutes, s),
});
