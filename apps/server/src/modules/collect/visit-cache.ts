import { type KnownVisit, type VisitState, visitorKey } from './visits.js';

/**
 * The latest visit of recently seen visitors, so a batch asks the database only about visitors this
 * process has not seen lately (one round trip saved per batch under steady traffic). Entries are
 * written only after their batch committed. With several app processes a visitor whose hits land on
 * different processes may see a stale entry here; the effect is a visit split or joined at the edges,
 * never a lost hit.
 */
export class VisitCache {
  private readonly entries = new Map<string, KnownVisit>();

  constructor(private readonly maxEntries = 200_000) {}

  get(key: string): KnownVisit | undefined {
    return this.entries.get(key);
  }

  remember(visits: VisitState[]): void {
    for (const v of visits) {
      const key = visitorKey(v.siteId, v.visitor);
      // Re-insert so Map order approximates least-recently-written first.
      this.entries.delete(key);
      this.entries.set(key, {
        id: v.id,
        siteId: v.siteId,
        visitor: v.visitor,
        startedAt: v.startedAt,
        lastAt: v.lastAt,
        localDay: v.localDay,
      });
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  forget(keys: Iterable<string>): void {
    for (const key of keys) this.entries.delete(key);
  }
}
