import type { SiteRow } from '../../db/schema/index.js';
import type { SitesService } from '../sites/sites.service.js';
import { SiteCache } from './site-cache.js';
import type { SiteDomainsRepository } from './site-domains.repository.js';

/**
 * The domains that may name `domain`'s site, most specific first: the domain itself, then its parents
 * down to two labels (a site's subdomains count with it), each also with `www.` (owners list either).
 */
export function candidateDomains(domain: string): string[] {
  const labels = domain.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2 || i === 0; i++) {
    const name = labels.slice(i).join('.');
    out.push(name, `www.${name}`);
  }
  return out;
}

/**
 * Among the sites listing a candidate: the one naming the most specific candidate; among equals an
 * enabled one before a disabled one, then the oldest (a domain claimed later by another account does not
 * take the traffic away from the site that had it).
 */
export function pickSite(candidates: string[], rows: SiteRow[]): SiteRow | undefined {
  const rank = (row: SiteRow) => {
    let best = Number.POSITIVE_INFINITY;
    for (const d of row.domains) {
      const i = candidates.indexOf(d);
      if (i >= 0) best = Math.min(best, Math.floor(i / 2));
    }
    return best;
  };
  let chosen: { row: SiteRow; key: [number, number, number] } | undefined;
  for (const row of rows) {
    const key: [number, number, number] = [rank(row), row.enabled ? 0 : 1, row.id];
    if (!chosen || compare(key, chosen.key) < 0) chosen = { row, key };
  }
  return chosen && Number.isFinite(chosen.key[0]) ? chosen.row : undefined;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * Domain → site for the protocols that name a site by its domain (Plausible's `d`), cached like the
 * tracking keys (site-cache.ts): a few seconds, this process's own site edits evict at once, and unknown
 * domains are cached too so junk does not reach the database.
 */
export class SiteDomains {
  private readonly cache: SiteCache;

  constructor(repo: SiteDomainsRepository, sites: Pick<SitesService, 'onChange'>) {
    this.cache = new SiteCache(async (domain) => {
      const candidates = candidateDomains(domain);
      return pickSite(candidates, await repo.sitesListing(candidates));
    });
    // A new or edited site may now list a domain that was unknown a moment ago.
    sites.onChange((id) => {
      this.cache.evictSite(id);
      this.cache.evictMisses();
    });
  }

  /** `domain` is normalised (lower case ASCII, no `www.`): compat-plausible.ts normaliseDomain. */
  resolve(domain: string): Promise<SiteRow | undefined> {
    return this.cache.get(domain);
  }
}
