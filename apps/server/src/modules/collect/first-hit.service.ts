import type { FirstHit } from '@tally/contracts';
import type { AuthContext } from '../sessions/sessions.service.js';
import type { SitesService } from '../sites/sites.service.js';
import type { DropLog } from './drop-log.js';
import type { FirstHitRepository } from './first-hit.repository.js';

/**
 * sites.firstHit: what a new site's page polls while it waits for the snippet's first hit. Raw events
 * are read, not the rollups, so a hit shows the moment its batch is committed.
 */
export class FirstHitService {
  constructor(
    private readonly repo: FirstHitRepository,
    private readonly sites: SitesService,
    private readonly drops: DropLog,
  ) {}

  async read(auth: AuthContext, siteId: number): Promise<FirstHit> {
    // Another owner's site answers exactly like a missing one.
    const site = await this.sites.owned(auth, siteId);
    const hit = await this.repo.newest(site.id);
    return {
      last_hit: hit
        ? { at: new Date(hit.ts).toISOString(), url: hit.url, path: hit.path, title: hit.title }
        : null,
      dropped: this.drops.recent(site.id),
    };
  }
}
