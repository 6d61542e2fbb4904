import { AppError } from '../../lib/errors.js';
import type { CollectService, HitContext } from './collect.service.js';
import {
  type FieldErrors,
  type PlausibleEvent,
  parsePlausibleEvent,
  toTallyHit,
} from './compat-plausible.js';
import type { SiteDomains } from './site-domains.js';

/** What `POST /api/event` answers: 202, or 400 with Plausible's `{errors}`; `dropped` sites not counted. */
export type PlausibleAnswer =
  | { status: 202; dropped: number }
  | { status: 400; dropped: number; errors: FieldErrors };

type SiteOutcome = 'stored' | 'dropped' | { errors: FieldErrors };

/**
 * Plausible's event API on Tally's collect pipeline: each site the event names (`d` may list several)
 * gets its own hit through `CollectService.collectParsed`, so validation, bot and IP rules, enrichment
 * and the group commit are the same as for Tally's tracker, and the answer waits for the commits.
 */
export class PlausibleIngest {
  constructor(
    private readonly collect: Pick<CollectService, 'collectParsed'>,
    private readonly domains: Pick<SiteDomains, 'resolve'>,
  ) {}

  async ingest(raw: unknown, ctx: HitContext): Promise<PlausibleAnswer> {
    let json: unknown;
    try {
      json = typeof raw === 'string' && raw !== '' ? JSON.parse(raw) : undefined;
    } catch {}
    const parsed = parsePlausibleEvent(json);
    if (!parsed.ok) return { status: 400, dropped: 0, errors: parsed.errors };
    const outcomes = await Promise.all(parsed.event.domains.map((d) => this.forSite(parsed.event, d, ctx)));
    const dropped = outcomes.filter((o) => o !== 'stored').length;
    const refused = outcomes.find((o) => typeof o === 'object');
    return refused ? { status: 400, dropped, errors: refused.errors } : { status: 202, dropped };
  }

  private async forSite(event: PlausibleEvent, domain: string, ctx: HitContext): Promise<SiteOutcome> {
    const site = await this.domains.resolve(domain);
    // Plausible drops events for domains it does not know, and answers 202 all the same.
    if (!site?.enabled) return 'dropped';
    // Scroll depth alone: Tally keeps engaged time only, so there is nothing to store.
    if (event.name === 'engagement' && event.engagedMs === 0) return 'stored';
    try {
      const outcome = await this.collect.collectParsed(toTallyHit(event, site.trackingKey), ctx, {
        hashPath: event.hashMode,
      });
      return outcome.stored ? 'stored' : 'dropped';
    } catch (err) {
      // A value Tally's schema or the database refused: this site's hit alone fails, as a 400.
      if (err instanceof AppError && err.status >= 400 && err.status < 500) {
        return { errors: err.errors ?? { request: [err.message] } };
      }
      throw err;
    }
  }
}
