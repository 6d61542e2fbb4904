import { availableParallelism } from 'node:os';
import { defineModule } from '../../kernel/module.js';
import { collectRoutes } from './collect.routes.js';
import { CollectService } from './collect.service.js';
import { warmEnrichment } from './enrich/visit-source.js';
import { IngestRepository } from './ingest.repository.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    collect: CollectService;
  }
}

export const collectModule = defineModule({
  name: 'collect',
  needs: ['sites'],
  services: ({ db, sites }) => {
    // Parallel lanes pay off on PostgreSQL only with cores to spare for its backends. PGlite runs batches
    // one at a time on its thread, but a second lane plans its next batch while the thread writes the
    // other's (bench/collect.mjs: about 1.15× the events/s of one lane; a third lane was slower).
    const lanes = db.kind === 'postgres' ? Math.max(1, Math.min(4, availableParallelism() - 1)) : 2;
    return { collect: new CollectService(new IngestRepository(db), sites, undefined, lanes) };
  },
  routes: async (app, { collect }) => {
    await app.register(collectRoutes, { collect });
    // Parse the referrer lists and open ip2region now rather than inside the first visitor's request.
    app.addHook('onListen', async () => warmEnrichment());
    // Before the server waits for requests in flight: none of them waits out a database that is away.
    app.addHook('preClose', async () => collect.stopRetrying());
  },
  // Acknowledged hits still queued are written before the database closes.
  close: ({ collect }) => collect.close(),
});
