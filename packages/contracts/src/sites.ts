import { z } from 'zod';
import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import { pageSchema } from './envelope.js';
import {
  firstHitSchema,
  groupDetailSchema,
  groupMoveBodySchema,
  groupSaveBodySchema,
  idsBodySchema,
  siteListQuerySchema,
  siteSaveBodySchema,
  siteSchema,
  siteShareBodySchema,
  siteShareSchema,
  siteSwitchBodySchema,
} from './sites-schemas.js';

export * from './site-constants.js';

/** The owner's sites and site groups (seed section 6). */
export const SITES_API = defineApi('sites', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/api2/sites/fetch',
    access: 'dashboard',
    summary: 'List the sites the caller may manage, with their day totals',
    query: siteListQuerySchema,
    response: pageSchema(siteSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/api2/sites/detail',
    access: 'dashboard',
    summary: 'One site',
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: siteSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/save',
    access: 'dashboard',
    summary: 'Create a site (no id) or update one',
    body: siteSaveBodySchema,
    response: siteSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/del',
    access: 'dashboard',
    summary: 'Delete sites and their data',
    body: idsBodySchema,
    response: nothing,
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/switch',
    access: 'dashboard',
    summary: 'Turn tracking of a site on or off',
    body: siteSwitchBodySchema,
    response: nothing,
  }),
  share: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/share',
    access: 'dashboard',
    summary: "Turn a site's share link on, rotate it, turn it off or set its password",
    body: siteShareBodySchema,
    response: siteShareSchema,
  }),
  groupDetail: endpoint({
    method: 'GET',
    path: '/api/v1/api2/sites/groupDetail',
    access: 'sitesGroup',
    summary: 'Every site group with its sites, and the sites in no group',
    response: groupDetailSchema,
  }),
  groupSave: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/groupSave',
    access: 'sitesGroup',
    summary: 'Create a site group (no id) or rename one',
    body: groupSaveBodySchema,
    response: z.object({ id: z.number(), name: z.string() }),
  }),
  groupDel: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/groupDel',
    access: 'sitesGroup',
    summary: 'Delete site groups (their sites fall back to no group)',
    body: idsBodySchema,
    response: nothing,
  }),
  groupMove: endpoint({
    method: 'POST',
    path: '/api/v1/api2/sites/groupMove',
    access: 'sitesGroup',
    summary: 'Move sites into a group, or out of every group (null)',
    body: groupMoveBodySchema,
    response: nothing,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const SITES_PATHS = pathsOf(SITES_API);

/** A new site's page waits for its first hit (served by the collect module, which sees the drops). */
export const SITE_HITS_API = defineApi('sites', {
  firstHit: endpoint({
    method: 'GET',
    path: '/api/v1/api2/sites/firstHit',
    access: 'dashboard',
    summary: "A site's newest hit and the hits recently not counted, with why",
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: firstHitSchema,
  }),
});
