import type { RedirectTarget } from './short-links.repository.js';

/** A link as the redirect sees it, plus the clicks this process counted that are not committed yet. */
export interface CachedLink extends RedirectTarget {
  pending: number;
}

/** Unknown codes are cached too (a scan of random codes must not reach the database each time). */
const MAX_ENTRIES = 50_000;

/**
 * code → link, in this process. A change drops its code here at once (and, through the listen
 * connection, in every other process). While that connection is down the cache is not trusted and
 * every lookup reads the database: a notification missed then would otherwise leave a stale link.
 */
export class RedirectCache {
  private readonly entries = new Map<string, CachedLink | null>();
  private readonly loading = new Map<string, Promise<CachedLink | null>>();
  /** Raised by every drop: a load that began before it must not store what it read. */
  private generation = 0;
  private trusted: boolean;

  constructor(
    private readonly load: (code: string) => Promise<RedirectTarget | undefined>,
    trusted = true,
  ) {
    this.trusted = trusted;
  }

  get(code: string): CachedLink | null | Promise<CachedLink | null> {
    if (!this.trusted) return this.read(code);
    const hit = this.entries.get(code);
    if (hit !== undefined) return hit;
    let pending = this.loading.get(code);
    if (!pending) {
      const generation = this.generation;
      pending = this.read(code).then((entry) => {
        this.loading.delete(code);
        if (generation === this.generation && this.trusted) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(code, entry);
        }
        return entry;
      });
      pending.catch(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  /** Drops one code, or everything. */
  drop(code?: string): void {
    this.generation += 1;
    this.loading.clear();
    if (code === undefined) this.entries.clear();
    else this.entries.delete(code);
  }

  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.drop();
  }

  private async read(code: string): Promise<CachedLink | null> {
    const row = await this.load(code);
    return row ? { ...row, pending: 0 } : null;
  }
}
