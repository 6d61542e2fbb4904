import { SHORT_LINK_API } from '@tally/contracts';
import { defineModule } from '../../kernel/module.js';
import { csvExport } from '../../lib/csv-export.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf } from '../../plugins/auth.js';
import { ClickRecorder } from './click-recorder.js';
import { ClicksRepository } from './clicks.repository.js';
import { LinkInvalidation } from './link-invalidation.js';
import { redirectRoutes } from './redirect.routes.js';
import { RedirectCache } from './redirect-cache.js';
import { ShortLinksRepository } from './short-links.repository.js';
import { ShortLinksService } from './short-links.service.js';
import { SHORT_LINK_CSV } from './short-links-csv.js';

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
    routes(app, SHORT_LINK_API, {
      fetch: (q) => (q.id ? shortLinks.detail(q.id, q.days) : shortLinks.list(q)),
      // The list only: `id` (one link's statistics) does not narrow an export.
      export: csvExport(SHORT_LINK_API.export, SHORT_LINK_CSV, ({ id: _id, ...q }, _r, page, limit) =>
        shortLinks.list({ ...q, page, limit }),
      ),
      save: (body, request) => shortLinks.save(body, actorOf(request)),
      del: (body, request) => shortLinks.delete(body.ids, actorOf(request)),
      switch: (body, request) => shortLinks.setStatus(body.id, body.status, actorOf(request)),
    });
  },
  // Clicks already answered are written before the database closes.
  close: ({ shortLinks }) => shortLinks.close(),
});
