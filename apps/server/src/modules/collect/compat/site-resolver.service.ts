import type { SiteAliasKind } from '@tally/contracts';
import type { SiteRow } from '../../../db/schema/index.js';
import type { SitesService } from '../../sites/sites.service.js';
import { normaliseDomain } from '../compat-plausible.js';
import { SiteCache } from '../site-cache.js';

/** How another tool's client names a site; the first one given is used. */
export interface SiteAliasQuery {
  /** Umami `website`: an Umami website id the site answers to, or its tracking key. */
  umamiId?: string;
  /** Matomo `idsite`: the Matomo site id the site answers to, or its tracking key. */
  matomoId?: string;
  /** Plausible `domain`: one of the site's domains (or a subdomain of one). */
  domain?: string;
}

/**
 * The site a compatible protocol's hit (or an import's row) belongs to: by an alias the owner set on
 * the site's settings (site_aliases), else by Tally's tracking key, which works in every protocol.
 * Cached like the tracking keys (site-cache.ts): a few seconds, this process's own site edits evict at
 * once, and unknown names are cached too, so junk traffic does not reach the database.
 */
export class CompatSites {
  private readonly byAlias: SiteCache;

  constructor(
    sites: Pick<SitesService, 'findByAlias' | 'findByTrackingKey' | 'onChange'>,
    private readonly domains: { resolve(domain: string): Promise<SiteRow | undefined> },
  ) {
    this.byAlias = new SiteCache(async (key) => {
      const colon = key.indexOf(':');
      const kind = key.slice(0, colon) as SiteAliasKind;
      const value = key.slice(colon + 1);
      return (await sites.findByAlias(kind, value)) ?? (await sites.findByTrackingKey(value));
    });
    // An edited site may answer to a name that was unknown a moment ago, or no longer to an old one.
    sites.onChange((id) => {
      this.byAlias.evictSite(id);
      this.byAlias.evictMisses();
    });
  }

  /** The site, enabled or not (the caller refuses a disabled one in its protocol's words); or undefined. */
  async resolveSiteByAlias(query: SiteAliasQuery): Promise<SiteRow | undefined> {
    // No alias or key is longer (contracts: umamiIdSchema); longer junk is not cached.
    const tooLong = [query.umamiId, query.matomoId, query.domain].some(
      (v) => v !== undefined && v.length > 253,
    );
    if (tooLong) return undefined;
    if (query.umamiId) return this.byAlias.get(`umami:${query.umamiId.trim()}`);
    if (query.matomoId) return this.byAlias.get(`matomo:${query.matomoId.trim()}`);
    if (query.domain) return this.domains.resolve(normaliseDomain(query.domain));
    return undefined;
  }
}
