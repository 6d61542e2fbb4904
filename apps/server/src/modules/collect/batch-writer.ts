import type { IngestRepository } from './ingest.repository.js';
import { VisitCache } from './visit-cache.js';
import { type IncomingEvent, type KnownVisit, planVisits, visitorKey } from './visits.js';

/** Visit ids taken from the sequence per round trip. */
const ID_BLOCK = 1000;

/**
 * A statement refused for a value it carries (SQLSTATE class 22, data exception, e.g. a NUL in text
 * or a lone surrogate in jsonb; or 23, a constraint): another split of the batch may succeed. Any other
 * failure (a lost connection) would fail every split the same way.
 */
export function isRefusedData(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && /^2[23]/.test(code);
}

/** Per hit: stored, not stored (a ping with no visit), or the database's refusal of that hit alone. */
export type WriteResult = boolean | Error;

/**
 * Writes batches of prepared hits: finds the visitors' latest visits (cache first), places the hits
 * into visits, takes visit ids, and stores everything in one statement. Returns, per hit, whether it
 * was stored (a ping from a visitor with no visit is not).
 */
export class BatchWriter {
  private readonly visitCache = new VisitCache();
  private readonly idPool: number[] = [];

  constructor(private readonly ingest: IngestRepository) {}

  /**
   * One statement for the batch; if the database refuses a value in it, the halves are written
   * apart (and so on down), so only the hits it refuses fail and every other one is stored. The
   * first half is written first: a visitor's later hits still follow its earlier ones.
   */
  async write(batch: IncomingEvent[]): Promise<WriteResult[]> {
    if (batch.length === 0) return [];
    try {
      return await this.writeOnce(batch);
    } catch (err) {
      if (!isRefusedData(err)) throw err;
      if (batch.length === 1) return [err];
      const half = Math.ceil(batch.length / 2);
      return [...(await this.write(batch.slice(0, half))), ...(await this.write(batch.slice(half)))];
    }
  }

  private async writeOnce(batch: IncomingEvent[]): Promise<boolean[]> {
    const plan = planVisits(batch, await this.latest(batch));
    const fresh = plan.visits.filter((v) => v.fresh);
    const ids = await this.visitIds(fresh.length);
    for (const [i, v] of fresh.entries()) v.id = ids[i]!;
    try {
      await this.ingest.write(plan);
    } catch (err) {
      this.visitCache.forget(plan.visits.map((v) => visitorKey(v.siteId, v.visitor)));
      throw err;
    }
    this.visitCache.remember(plan.visits);
    for (const placed of plan.events) placed.event.visitId = placed.visit.id;
    return batch.map((_, i) => !plan.orphans.has(i));
  }

  /** Visit ids come from the sequence in blocks, so most batches need no round trip for them. */
  private async visitIds(n: number): Promise<number[]> {
    if (this.idPool.length < n) {
      this.idPool.push(...(await this.ingest.allocateVisitIds(Math.max(n, ID_BLOCK))));
    }
    return this.idPool.splice(0, n);
  }

  /** The batch's visitors' latest visits: from the cache, and from the database for the others. */
  private async latest(batch: IncomingEvent[]): Promise<Map<string, KnownVisit>> {
    const latest = new Map<string, KnownVisit>();
    const missing = new Map<string, { siteId: number; visitor: string }>();
    for (const e of batch) {
      const key = visitorKey(e.siteId, e.visitor);
      const cached = this.visitCache.get(key);
      if (cached) latest.set(key, cached);
      else missing.set(key, { siteId: e.siteId, visitor: e.visitor });
    }
    if (missing.size > 0) {
      for (const [key, visit] of await this.ingest.latestVisits([...missing.values()]))
        latest.set(key, visit);
    }
    return latest;
  }
}
