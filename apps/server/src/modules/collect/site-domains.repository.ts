import { asc, sql } from 'drizzle-orm';
import { Repository } from '../../db/repository.js';
import { type SiteRow, sites } from '../../db/schema/index.js';

/** Sites by the domains their owners listed (Plausible's clients name a site by its domain). */
export class SiteDomainsRepository extends Repository {
  /** Every site listing one of `domains`, oldest first (the caller picks the most specific). */
  async sitesListing(domains: string[]): Promise<SiteRow[]> {
    return this.orm
      .select()
      .from(sites)
      .where(sql`${sites.domains} && ${sql.param(domains)}::text[]`)
      .orderBy(asc(sites.id))
      .limit(50);
  }
}
