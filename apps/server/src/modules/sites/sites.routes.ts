import { AUTH_API, SITES_API } from '@tally/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route, routes } from '../../lib/endpoint-routes.js';
import { requestOrigin } from '../../lib/public-url.js';
import { requireAuth } from '../../plugins/auth.js';
import type { GroupsService } from './groups.service.js';
import type { ShareService } from './share.service.js';
import type { SitesService } from './sites.service.js';

export interface SitesRoutesDeps {
  sites: SitesService;
  groups: GroupsService;
  share: ShareService;
}

export const sitesRoutes: FastifyPluginAsync<SitesRoutesDeps> = async (app, { sites, groups, share }) => {
  routes(app, SITES_API, {
    fetch: (query, request) => sites.list(requireAuth(request), query, requestOrigin(request)),
    detail: (query, request) => sites.get(requireAuth(request), query.id, requestOrigin(request)),
    save: (body, request) =>
      sites.save(requireAuth(request), body, requestOrigin(request), { guarded: true }),
    del: (body, request) => sites.delete(requireAuth(request), body.ids),
    switch: (body, request) => sites.setEnabled(requireAuth(request), body.id, body.status),
    share: (body, request) =>
      share.manage(requireAuth(request), body.id, body.action, body.password, requestOrigin(request)),
    groupDetail: (_, request) => groups.detail(requireAuth(request)),
    groupSave: (body, request) => groups.save(requireAuth(request), body),
    groupDel: (body, request) => groups.delete(requireAuth(request), body.ids),
    groupMove: (body, request) => groups.move(requireAuth(request), body.site_ids, body.group_id),
  });

  route(app, AUTH_API.share, (body, request) =>
    share.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
};
