import type { Database } from '../../db/client.js';
import type { CollectService } from '../collect/collect.service.js';
import type { RollupsService } from '../rollups/rollups.service.js';
import type { SitesService } from '../sites/sites.service.js';
import type { UsersService } from '../users/users.service.js';
import { AllSitesService } from './all-sites.service.js';
import { OverviewService } from './overview.service.js';
import { PREVIEW_DEFAULTS, type PreviewOptions, PreviewService } from './preview.service.js';
import { RawReportsRepository } from './raw.repository.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';
import { VisitLogService } from './visit-log.service.js';

export { reportsRoutes } from './reports.routes.js';

export interface ReportDeps {
  db: Database;
  sites: SitesService;
  users: UsersService;
  collect: CollectService;
  rollups: RollupsService;
  clock?: () => Date;
  preview?: Partial<PreviewOptions>;
}

/** The report services, wired once (the analytics module calls this). */
export function createReportServices(deps: ReportDeps) {
  const now = deps.clock ?? (() => new Date());
  const rollupReads = new ReportsRepository(deps.db);
  const raw = new RawReportsRepository(deps.db);
  const reports = new ReportsService({ rollups: rollupReads, raw, now });
  return {
    reports,
    overview: new OverviewService(reports, rollupReads, raw),
    visitLog: new VisitLogService(reports, rollupReads, raw),
    allSites: new AllSitesService(rollupReads, now),
    preview: new PreviewService(
      { users: deps.users, sites: deps.sites, collect: deps.collect, rollups: deps.rollups, raw },
      { ...PREVIEW_DEFAULTS, now, ...deps.preview },
    ),
  };
}
