import { HIT_DROP_WINDOW_MINUTES, type HitDropReason } from '@tally/contracts';

const WINDOW_MS = HIT_DROP_WINDOW_MINUTES * 60_000;
/** Times kept per site and reason: enough to count a burst, bounded whatever a client sends. */
const MAX_TIMES = 100;
/** Sites remembered at once; the least recently dropping one is forgotten first. */
const MAX_SITES = 5_000;

export interface DropCount {
  reason: HitDropReason;
  count: number;
  last_at: string;
}

/**
 * Recent hits the pipeline did not count, per site and reason, for the new-site page's "why has no hit
 * arrived" (sites.firstHit). Nothing stores drops (they are not data), so this lives in the memory of
 * the process that received the hits: a restart forgets them, and each process knows its own.
 */
export class DropLog {
  private readonly sites = new Map<number, Map<HitDropReason, number[]>>();

  constructor(private readonly now: () => number = Date.now) {}

  record(siteId: number, reason: HitDropReason): void {
    let reasons = this.sites.get(siteId);
    if (reasons) this.sites.delete(siteId);
    else reasons = new Map();
    // Re-inserted last: the Map's order is then least recently dropping first.
    this.sites.set(siteId, reasons);
    if (this.sites.size > MAX_SITES) this.sites.delete(this.sites.keys().next().value!);
    const times = reasons.get(reason) ?? [];
    times.push(this.now());
    if (times.length > MAX_TIMES) times.shift();
    reasons.set(reason, times);
  }

  /** Drops of the last HIT_DROP_WINDOW_MINUTES, most frequent first. */
  recent(siteId: number): DropCount[] {
    const since = this.now() - WINDOW_MS;
    const out: DropCount[] = [];
    for (const [reason, times] of this.sites.get(siteId) ?? []) {
      const kept = times.filter((t) => t >= since);
      if (kept.length === 0) continue;
      out.push({ reason, count: kept.length, last_at: new Date(kept[kept.length - 1]!).toISOString() });
    }
    return out.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  }
}
