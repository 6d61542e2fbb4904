import { defineModule } from '../../kernel/module.js';
import { GroupsRepository } from './groups.repository.js';
import { GroupsService } from './groups.service.js';
import { ShareService } from './share.service.js';
import { SitesRepository } from './sites.repository.js';
import { sitesRoutes } from './sites.routes.js';
import { SitesService } from './sites.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    sites: SitesService;
    groups: GroupsService;
    share: ShareService;
  }
}

/** Sites, their groups and share links. Built before users: user/info lists the sites (SiteDirectory). */
export const sitesModule = defineModule({
  name: 'sites',
  needs: ['sessions', 'settings', 'throttle', 'captcha', 'rollups'],
  services: ({ db, config, sessions, settings, throttle, captcha, rollups }) => {
    const sitesRepo = new SitesRepository(db.orm);
    const groupsRepo = new GroupsRepository(db.orm);
    const sites = new SitesService({
      repo: sitesRepo,
      groups: groupsRepo,
      sessions,
      settings,
      publicUrl: config.publicUrl,
      localOrigin: `http://localhost:${config.port}`,
      db,
      purgeSiteData: (ids, tx) => rollups.purgeSites(ids, tx),
      dayTotals: (list) => rollups.todayAndYesterday(list),
    });
    const groups = new GroupsService(groupsRepo, sitesRepo);
    const share = new ShareService(sitesRepo, sites, sessions, throttle, captcha);
    return { sites, groups, share };
  },
  routes: async (app, s) => app.register(sitesRoutes, s),
});
