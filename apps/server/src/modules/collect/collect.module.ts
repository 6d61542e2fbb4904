import { availableParallelism } from 'node:os';
import { defineModule } from '../../kernel/module.js';
import { collectRoutes } from './collect.routes.js';
import { CollectService } from './collect.service.js';
import { compatRoutes, compatServices } from './compat/index.js';
import type { MatomoIngest } from './compat/matomo.service.js';
import type { CompatSites } from './compat/site-resolver.service.js';
import type { UmamiIngest } from './compat/umami.service.js';
import type { VisitorPropsRepository } from './compat/visitor-props.repository.js';
import { plausibleRoutes } from './compat-plausible.routes.js';
import { PlausibleIngest } from './compat-plausible.service.js';
import { warmEnrichment } from './enrich/visit-source.js';
import { FirstHitRepository } from './first-hit.repository.js';
import { firstHitRoutes } from './first-hit.routes.js';
import { FirstHitService } from './first-hit.service.js';
import { IngestRepository } from './ingest.repository.js';
import { SiteDomains } from './site-domains.js';
import { SiteDomainsRepository } from './site-domains.repository.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    collect: CollectService;
    /** Plausible's event API (compat-plausible.*). */
    plausible: PlausibleIngest;
    /** Site by Umami id, Matomo idsite or domain: `compatSites.resolveSiteByAlias` (compat/). */
    compatSites: CompatSites;
    /** Umami's and Matomo's collect protocols (compat/). */
    umamiIngest: UmamiIngest;
    matomoIngest: MatomoIngest;
    /** Visitor properties (Umami identify, Matomo uid). */
    visitorProps: VisitorPropsRepository;
    /** sites.firstHit: a new site's newest hit and recent drops. */
    firstHit: FirstHitService;
  }
}

export const collectModule = defineModule({
  name: 'collect',
  needs: ['sites', 'apiKeys'],
  services: ({ db, config, sites, apiKeys }) => {
    // Parallel lanes pay off on PostgreSQL only with cores to spare for its backends. PGlite runs batches
    // one at a time on its thread, but a second lane plans its next batch while the thread writes the
    // other's (bench/collect.mjs: about 1.15× the events/s of one lane; a third lane was slower).
    const lanes = db.kind === 'postgres' ? Math.max(1, Math.min(4, availableParallelism() - 1)) : 2;
    const collect = new CollectService(new IngestRepository(db), sites, undefined, lanes);
    const domains = new SiteDomains(new SiteDomainsRepository(db.orm), sites);
    const firstHit = new FirstHitService(new FirstHitRepository(db), sites, collect.drops);
    const compat = compatServices({ db, appSecret: config.appSecret, sites, apiKeys, collect, domains });
    return { collect, plausible: new PlausibleIngest(collect, domains), firstHit, ...compat };
  },
  routes: async (app, { collect, plausible, firstHit, umamiIngest, matomoIngest }) => {
    await app.register(collectRoutes, { collect });
    await app.register(plausibleRoutes, { plausible });
    await app.register(compatRoutes, { umami: umamiIngest, matomo: matomoIngest });
    await app.register(firstHitRoutes, { firstHit });
    // Parse the referrer lists and open ip2region now rather than inside the first visitor's request.
    app.addHook('onListen', async () => warmEnrichment());
    // Before the server waits for requests in flight: none of them waits out a database that is away.
    app.addHook('preClose', async () => collect.stopRetrying());
  },
  // Acknowledged hits still queued are written before the database closes.
  close: ({ collect }) => collect.close(),
});
