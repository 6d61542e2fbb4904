import { defineModule } from '../../kernel/module.js';
import { AllSitesService } from './all-sites.service.js';
import { EventsReportRepository } from './events.repository.js';
import { EventsReportService } from './events.service.js';
import { IpSketchesRepository } from './ip-sketches.repository.js';
import { OverviewService } from './overview.service.js';
import { PREVIEW_DEFAULTS, type PreviewOptions, PreviewService } from './preview.service.js';
import { RawReportsRepository } from './raw.repository.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';
import { RollupReadsRepository } from './rollup-reads.repository.js';
import { VisitLogService } from './visit-log.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    reports: ReportsService;
    overview: OverviewService;
    visitLog: VisitLogService;
    allSites: AllSitesService;
    eventsReport: EventsReportService;
    preview: PreviewService;
  }
  interface KernelSeams {
    /** Size of the preview's demo site (tests keep it small). */
    preview?: Partial<PreviewOptions>;
  }
}

export const reportsModule = defineModule({
  name: 'reports',
  needs: ['sites', 'users', 'collect', 'rollups'],
  services: ({ db, seams, sites, users, collect, rollups }) => {
    const now = seams.clock ?? (() => new Date());
    const rollupReads = new RollupReadsRepository(db);
    const raw = new RawReportsRepository(db);
    const reports = new ReportsService({
      rollups: rollupReads,
      raw,
      ipSketches: new IpSketchesRepository(db),
      now,
    });
    return {
      reports,
      overview: new OverviewService(reports),
      visitLog: new VisitLogService(reports),
      allSites: new AllSitesService(rollupReads, now),
      eventsReport: new EventsReportService(reports, new EventsReportRepository(db)),
      preview: new PreviewService(
        { users, sites, collect, rollups, raw },
        { ...PREVIEW_DEFAULTS, now, ...seams.preview },
      ),
    };
  },
  routes: async (app, s) => reportsRoutes(app, s),
});
