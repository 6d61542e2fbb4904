import type { FastifyBaseLogger } from 'fastify';
import type { RequestSource } from '../collect/collect.service.js';
import { CLICK_DIMS, type ClickCount, type ClickDim, type ClicksRepository } from './clicks.repository.js';
import type { CachedLink } from './redirect-cache.js';

/** A redirect to record: the link as the cache holds it, and the request's raw facts. */
export interface Click {
  link: CachedLink;
  /** Epoch milliseconds of the redirect. */
  at: number;
  ip: string;
  userAgent: string;
  referrer: string;
}

/**
 * How often the clicks gathered are written. Nobody waits for them, so the batch is paced by time,
 * not by the previous write as the collect pipeline's group commit is (its callers wait for their
 * commit): one small statement per interval, whatever the load, so the database's cost per click
 * falls as traffic rises (bench/redirect.mjs).
 */
const FLUSH_MS = 250;
/** A batch this large is written at once rather than at the next interval. */
const MAX_BATCH = 20_000;
const DAY_MS = 86_400_000;

/**
 * Clicks are written in batches after the redirect was answered, so the redirect never waits for the
 * database. Enrichment (area, browser, referrer: the collect pipeline's) runs at write time, off the
 * request; the batch is summed by link, UTC day and dimension before it is written. A batch's answer
 * brings each link's stored count back into the cache entry (other processes' clicks included), for
 * the visit limit. One write is in flight at a time.
 */
export class ClickRecorder {
  private queue: Click[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly repo: ClicksRepository,
    private readonly describe: (c: { ip: string; userAgent: string; referrer: string }) => RequestSource,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(click: Click): void {
    if (this.closed) return;
    click.link.pending += 1;
    this.queue.push(click);
    if (this.queue.length >= MAX_BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Resolves once every click recorded so far is committed (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.writing || this.queue.length > 0) {
      if (!this.writing) this.flush();
      await this.writing;
    }
  }

  /** Stops taking clicks and writes those already taken. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing || this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.writing = this.write(batch).finally(() => {
      this.writing = undefined;
      // Clicks that came during the write wait for the next interval (or go now when many).
      if (this.queue.length >= MAX_BATCH) this.flush();
      else if (this.queue.length > 0) this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
    });
  }

  private async write(batch: Click[]): Promise<void> {
    try {
      const counts = await this.repo.add(this.sum(batch));
      const stored = new Map(counts.map((c) => [c.id, c.clicks]));
      for (const { link } of batch) {
        link.pending -= 1;
        link.clicks = stored.get(link.id) ?? link.clicks;
      }
    } catch (err) {
      // The visitors were redirected already; all that is lost is the count, which the log says.
      for (const { link } of batch) link.pending -= 1;
      this.log.error({ err, clicks: batch.length }, 'short-link clicks not stored');
    }
  }

  /** The batch as counts per link, UTC day and dimension value. */
  private sum(batch: Click[]): ClickCount[] {
    const counts = new Map<string, ClickCount>();
    const days = new Map<number, string>();
    for (const c of batch) {
      const dayNumber = Math.floor(c.at / DAY_MS);
      let day = days.get(dayNumber);
      if (!day) {
        day = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
        days.set(dayNumber, day);
      }
      const s = this.describe(c);
      const keys: Record<ClickDim, string> = {
        total: '',
        area: s.province || s.country,
        referrer: s.refDomain,
        device: s.device,
        browser: s.browser,
      };
      for (const dim of CLICK_DIMS) {
        const id = `${c.link.id}\u0000${day}\u0000${dim}\u0000${keys[dim]}`;
        const found = counts.get(id);
        if (found) found.clicks += 1;
        else counts.set(id, { linkId: c.link.id, day, dim, key: keys[dim], clicks: 1 });
      }
    }
    return [...counts.values()];
  }
}
