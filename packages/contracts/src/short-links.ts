import { csvQuery } from './csv-schemas.js';
import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import {
  shortLinkDeleteBodySchema,
  shortLinkDeletedSchema,
  shortLinkFetchQuerySchema,
  shortLinkFetchResultSchema,
  shortLinkSaveBodySchema,
  shortLinkSchema,
  shortLinkSwitchBodySchema,
} from './short-links-schemas.js';

export * from './short-links-constants.js';

/** The seed's four short-link calls (section 7), spelled as the seed spells them (`shot_url`). */
export const SHORT_LINK_API = defineApi('short-links', {
  /** A page (search, status, sort), or one link with its click statistics when `id` is given. */
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/shot_url/fetch',
    access: 'shortLinks',
    summary: 'List short links, or one link with its click statistics (id)',
    query: shortLinkFetchQuerySchema,
    response: shortLinkFetchResultSchema,
  }),
  /** The filtered short links as CSV: every filtered row in the list's order, streamed (csv.ts). */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/shot_url/export',
    access: 'shortLinks',
    file: true,
    summary: 'The filtered short links as a CSV file',
    query: csvQuery(shortLinkFetchQuerySchema),
    response: nothing,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/shot_url/save',
    access: 'shortLinks',
    summary: 'Create a short link (no id) or update one',
    body: shortLinkSaveBodySchema,
    response: shortLinkSchema,
  }),
  del: endpoint({
    method: 'POST',
    path: '/api/v1/admin/shot_url/del',
    access: 'shortLinks',
    summary: 'Delete short links',
    body: shortLinkDeleteBodySchema,
    response: shortLinkDeletedSchema,
  }),
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/shot_url/switch',
    access: 'shortLinks',
    summary: 'Turn a short link on or off',
    body: shortLinkSwitchBodySchema,
    response: shortLinkSchema,
  }),
});

/** The calls' paths (tests and links name a call by its path). */
export const SHORT_LINK_PATHS = pathsOf(SHORT_LINK_API);

/** The audit trail's actions of 短链管理 (audit.ts gathers every area's; the web labels each). */
export const SHORT_LINKS_AUDIT_ACTIONS = [
  'short_links.create',
  'short_links.update',
  'short_links.status',
  'short_links.delete',
] as const;
