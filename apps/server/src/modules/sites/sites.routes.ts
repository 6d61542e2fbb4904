import {
  AUTH_PATHS,
  groupDetailSchema,
  groupMoveBodySchema,
  groupSaveBodySchema,
  idsBodySchema,
  pageSchema,
  SITES_PATHS,
  shareBodySchema,
  shareResponseSchema,
  siteListQuerySchema,
  siteSaveBodySchema,
  siteSchema,
  siteShareBodySchema,
  siteShareSchema,
  siteSwitchBodySchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '../../lib/openapi.js';
import { requestOrigin } from '../../lib/public-url.js';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { requireAuth } from '../../plugins/auth.js';
import type { GroupsService } from './groups.service.js';
import type { ShareService } from './share.service.js';
import type { SitesService } from './sites.service.js';

export interface SitesRoutesDeps {
  sites: SitesService;
  groups: GroupsService;
  share: ShareService;
}

const tags = ['sites'];
const site = { config: { access: 'dashboard' as const } };
const group = { config: { access: 'sitesGroup' as const } };

export const sitesRoutes: FastifyPluginAsyncZod<SitesRoutesDeps> = async (app, { sites, groups, share }) => {
  resourceRoutes(app, {
    tag: 'sites',
    access: 'dashboard',
    paths: SITES_PATHS,
    fetch: {
      input: siteListQuerySchema,
      response: pageSchema(siteSchema),
      handler: (query, request) => sites.list(requireAuth(request), query, requestOrigin(request)),
    },
    save: {
      input: siteSaveBodySchema,
      response: siteSchema,
      handler: (body, request) =>
        sites.save(requireAuth(request), body, requestOrigin(request), { guarded: true }),
    },
    del: {
      input: idsBodySchema,
      response: okSchema,
      handler: (body, request) => sites.delete(requireAuth(request), body.ids),
    },
    switch: {
      input: siteSwitchBodySchema,
      response: okSchema,
      handler: (body, request) => sites.setEnabled(requireAuth(request), body.id, body.status),
    },
  });

  app.get(
    SITES_PATHS.detail,
    {
      ...site,
      schema: {
        tags,
        querystring: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: siteSchema },
      },
    },
    (request) => sites.get(requireAuth(request), request.query.id, requestOrigin(request)),
  );

  app.post(
    SITES_PATHS.share,
    { ...site, schema: { tags, body: siteShareBodySchema, response: { 200: siteShareSchema } } },
    (request) =>
      share.manage(
        requireAuth(request),
        request.body.id,
        request.body.action,
        request.body.password,
        requestOrigin(request),
      ),
  );

  app.get(
    SITES_PATHS.groupDetail,
    { ...group, schema: { tags, response: { 200: groupDetailSchema } } },
    (request) => groups.detail(requireAuth(request)),
  );

  app.post(
    SITES_PATHS.groupSave,
    {
      ...group,
      schema: {
        tags,
        body: groupSaveBodySchema,
        response: { 200: z.object({ id: z.number(), name: z.string() }) },
      },
    },
    (request) => groups.save(requireAuth(request), request.body),
  );

  app.post(
    SITES_PATHS.groupDel,
    { ...group, schema: { tags, body: idsBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await groups.delete(requireAuth(request), request.body.ids);
      return null;
    },
  );

  app.post(
    SITES_PATHS.groupMove,
    { ...group, schema: { tags, body: groupMoveBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await groups.move(requireAuth(request), request.body.site_ids, request.body.group_id);
      return null;
    },
  );

  app.post(
    AUTH_PATHS.share,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: shareBodySchema, response: { 200: shareResponseSchema } },
    },
    (request) => share.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
};
