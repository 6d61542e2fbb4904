import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../jobs/index.js';
import { defineRollupJobs } from '../../jobs/rollups.js';
import { collectRoutes } from '../collect/collect.routes.js';
import { CollectService } from '../collect/collect.service.js';
import { warmEnrichment } from '../collect/enrich/visit-source.js';
import type { GroupCommitOptions } from '../collect/group-commit.js';
import { IngestRepository } from '../collect/ingest.repository.js';
import type { PreviewOptions } from '../reports/preview.service.js';
import { createReportServices, reportsRoutes } from '../reports/reports.module.js';
import { RollupsRepository } from '../rollups/rollups.repository.js';
import { RollupsService } from '../rollups/rollups.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { GroupsRepository } from '../sites/groups.repository.js';
import { GroupsService } from '../sites/groups.service.js';
import { ShareService } from '../sites/share.service.js';
import { SitesRepository } from '../sites/sites.repository.js';
import { sitesRoutes } from '../sites/sites.routes.js';
import { SitesService } from '../sites/sites.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import type { UsersService } from '../users/users.service.js';

export interface AnalyticsDeps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'port'>;
  jobs: Jobs;
  sessions: SessionsService;
  settings: SettingsService;
  throttle: ThrottleService;
  users: UsersService;
  /** Group-commit tuning (tests use a short wait). */
  commit?: GroupCommitOptions;
  /** Test seam: "now" of the reports and the preview's demo traffic. */
  clock?: () => Date;
  /** The preview's demo site (tests make it small). */
  preview?: Partial<PreviewOptions>;
}

/** The site-analytics area in one place, so app.ts wires it with one call. */
export function createAnalyticsServices(deps: AnalyticsDeps) {
  const sitesRepo = new SitesRepository(deps.db.orm);
  const groupsRepo = new GroupsRepository(deps.db.orm);
  const rollups = new RollupsService(new RollupsRepository(deps.db), deps.settings);
  const sites = new SitesService({
    repo: sitesRepo,
    groups: groupsRepo,
    sessions: deps.sessions,
    settings: deps.settings,
    publicUrl: deps.config.publicUrl,
    localOrigin: `http://localhost:${deps.config.port}`,
    purgeSiteData: (ids) => rollups.purgeSites(ids),
    dayTotals: (list) => rollups.todayAndYesterday(list),
  });
  const groups = new GroupsService(groupsRepo, sitesRepo);
  const share = new ShareService(sitesRepo, sites, deps.sessions, deps.throttle);
  // Parallel lanes pay off on PostgreSQL only with cores to spare for its backends. PGlite runs batches
  // one at a time on its thread, but a second lane plans its next batch while the thread writes the
  // other's (bench/collect.mjs: about 1.15× the events/s of one lane; a third lane was slower).
  const lanes = deps.db.kind === 'postgres' ? Math.max(1, Math.min(4, availableParallelism() - 1)) : 2;
  const collect = new CollectService(new IngestRepository(deps.db), sites, deps.commit, lanes);
  defineRollupJobs(deps.jobs, rollups);
  const reports = createReportServices({
    db: deps.db,
    sites,
    users: deps.users,
    collect,
    rollups,
    clock: deps.clock,
    preview: deps.preview,
  });
  return { sites, groups, share, collect, rollups, reports };
}

export type AnalyticsServices = ReturnType<typeof createAnalyticsServices>;

export async function analyticsRoutes(app: FastifyInstance, services: AnalyticsServices) {
  await app.register(sitesRoutes, services);
  await app.register(reportsRoutes, { sites: services.sites, ...services.reports });
  await app.register(collectRoutes, { collect: services.collect });
  // Acknowledged hits still queued are written before the database closes.
  app.addHook('onClose', () => services.collect.close());
  // Parse the referrer lists and open ip2region now rather than inside the first visitor's request.
  app.addHook('onListen', async () => warmEnrichment());
}
