import type { SiteRow } from '../../db/schema/index.js';

interface Entry {
  site: SiteRow | undefined;
  at: number;
}

/**
 * Tracking key → site, for the collect endpoint's hot path. Entries live a few seconds (other
 * processes' edits show up that fast) and this process's own edits evict at once. Unknown keys are
 * cached too, so junk traffic does not reach the database.
 */
export class SiteCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly load: (key: string) => Promise<SiteRow | undefined>,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string): Promise<SiteRow | undefined> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.site;
    const site = await this.load(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { site, at: Date.now() });
    return site;
  }

  evictSite(siteId: number): void {
    for (const [key, entry] of this.entries) if (entry.site?.id === siteId) this.entries.delete(key);
  }

  /** Forgets the keys that named no site. */
  evictMisses(): void {
    for (const [key, entry] of this.entries) if (!entry.site) this.entries.delete(key);
  }
}
