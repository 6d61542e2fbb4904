import type { SiteRow } from '../../db/schema/index.js';

interface Entry {
  site: SiteRow | undefined;
  at: number;
}

/**
 * Tracking key → site, for the collect endpoint's hot path. Entries live a few seconds (other
 * processes' edits show up that fast) and this process's own edits evict at once. Unknown keys are
 * cached too, so junk traffic does not reach the database.
 *
 * One load per key at a time: when an entry expires under load, the hits that find it expired wait
 * for the same query instead of each sending its own (fifty at once, on PGlite's one connection,
 * queued behind the batch commits, made a Plausible hit wait seconds in bench/collect.mjs).
 */
export class SiteCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<SiteRow | undefined>>();
  /** Bumped by each eviction: a load that began before it does not store what it read. */
  private generation = 0;

  constructor(
    private readonly load: (key: string) => Promise<SiteRow | undefined>,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): Promise<SiteRow | undefined> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return Promise.resolve(hit.site);
    return this.loading.get(key) ?? this.loadOnce(key);
  }

  private loadOnce(key: string): Promise<SiteRow | undefined> {
    const generation = this.generation;
    const loaded = this.load(key)
      .then((site) => {
        if (generation === this.generation) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { site, at: Date.now() });
        }
        return site;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  evictSite(siteId: number): void {
    this.generation++;
    this.loading.clear();
    for (const [key, entry] of this.entries) if (entry.site?.id === siteId) this.entries.delete(key);
  }

  /** Forgets the keys that named no site. */
  evictMisses(): void {
    this.generation++;
    this.loading.clear();
    for (const [key, entry] of this.entries) if (!entry.site) this.entries.delete(key);
  }
}
