import {
  SHORT_LINK_PATHS,
  shortLinkDeleteBodySchema,
  shortLinkFetchQuerySchema,
  shortLinkFetchResultSchema,
  shortLinkSaveBodySchema,
  shortLinkSchema,
  shortLinkSwitchBodySchema,
} from '@tally/contracts';
import { z } from 'zod';
import { defineModule } from '../../kernel/module.js';
import { resourceRoutes } from '../../lib/resource-routes.js';
import { actorOf } from '../../plugins/auth.js';
import { ClickRecorder } from './click-recorder.js';
import { ClicksRepository } from './clicks.repository.js';
import { LinkInvalidation } from './link-invalidation.js';
import { redirectRoutes } from './redirect.routes.js';
import { RedirectCache } from './redirect-cache.js';
import { ShortLinksRepository } from './short-links.repository.js';
import { ShortLinksService } from './short-links.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    shortLinks: ShortLinksService;
  }
}

export const shortLinksModule = defineModule({
  name: 'short-links',
  needs: ['audit', 'collect'],
  services: ({ db, log, audit, collect }) => {
    const repo = new ShortLinksRepository(db.orm);
    // With a PostgreSQL server other processes may change links: the cache is trusted only while
    // this process listens for their changes (LinkInvalidation.start).
    const cache = new RedirectCache((code) => repo.findForRedirect(code), db.listen === undefined);
    const invalidation = new LinkInvalidation(db, repo, cache, log);
    const clicks = new ClickRecorder(new ClicksRepository(db), (c) => collect.describe(c), log);
    const uncounted = (r: {
      userAgent: string | undefined;
      headers: Record<string, string | string[] | undefined>;
    }) => collect.uncounted(r);
    return { shortLinks: new ShortLinksService(repo, audit, db, cache, invalidation, clicks, uncounted) };
  },
  routes: async (app, { shortLinks }) => {
    await shortLinks.start();
    await app.register(redirectRoutes, { shortLinks });
    resourceRoutes(app, {
      tag: 'short-links',
      access: 'shortLinks',
      paths: SHORT_LINK_PATHS,
      fetch: {
        input: shortLinkFetchQuerySchema,
        response: shortLinkFetchResultSchema,
        handler: (q) => (q.id ? shortLinks.detail(q.id, q.days) : shortLinks.list(q)),
      },
      save: {
        input: shortLinkSaveBodySchema,
        response: shortLinkSchema,
        handler: (body, request) => shortLinks.save(body, actorOf(request)),
      },
      del: {
        input: shortLinkDeleteBodySchema,
        response: z.object({ deleted: z.array(z.number().int()) }),
        handler: (body, request) => shortLinks.delete(body.ids, actorOf(request)),
      },
      switch: {
        input: shortLinkSwitchBodySchema,
        response: shortLinkSchema,
        handler: (body, request) => shortLinks.setStatus(body.id, body.status, actorOf(request)),
      },
    });
  },
  // Clicks already answered are written before the database closes.
  close: ({ shortLinks }) => shortLinks.close(),
});
