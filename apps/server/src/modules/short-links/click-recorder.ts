import type { FastifyBaseLogger } from 'fastify';
import type { RequestSource } from '../collect/enrich/visit-source.js';
import { GroupCommit } from '../collect/group-commit.js';
import type { ClickRow, ClicksRepository } from './clicks.repository.js';
import type { CachedLink } from './redirect-cache.js';

/** A redirect to record: the link as the cache holds it, and the request's raw facts. */
export interface Click {
  link: CachedLink;
  ts: Date;
  ip: string;
  userAgent: string;
  referrer: string;
}

/**
 * Clicks go through the collect pipeline's group commit: one statement per batch, written after the
 * redirect was answered, so the redirect never waits for the database. Enrichment (area, browser,
 * referrer) runs here too, off the request. A batch's answer brings each link's stored count back into
 * the cache entry (other processes' clicks included), for the visit limit.
 */
export class ClickRecorder {
  private readonly commit: GroupCommit<Click, void>;
  /** The latest click's promise: once it settles, every earlier click is written (one lane, in order). */
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: ClicksRepository,
    private readonly describe: (c: { ip: string; userAgent: string; referrer: string }) => RequestSource,
    private readonly log: FastifyBaseLogger,
  ) {
    this.commit = new GroupCommit((batch) => this.write(batch), { maxBatch: 1000, maxWaitMs: 10 });
  }

  record(click: Click): void {
    click.link.pending += 1;
    this.last = this.commit.submit(click).catch(() => undefined);
  }

  /** Resolves once every click recorded so far is committed (tests, the benchmark, shutdown). */
  settled(): Promise<void> {
    return this.last;
  }

  close(): Promise<void> {
    return this.commit.close();
  }

  private async write(batch: Click[]): Promise<undefined[]> {
    try {
      const counts = await this.repo.write(batch.map((c) => this.row(c)));
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
    return batch.map(() => undefined);
  }

  private row(c: Click): ClickRow {
    return { linkId: c.link.id, ts: c.ts, ...this.describe(c) };
  }
}
