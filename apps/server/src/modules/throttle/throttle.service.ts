import { throttled } from '../../lib/errors.js';
import type { ThrottleRepository } from './throttle.repository.js';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSec: number;
  message?: string;
}

const secondsLeft = (windowStart: Date, windowSec: number) =>
  Math.max(1, Math.ceil((windowStart.getTime() + windowSec * 1000 - Date.now()) / 1000));

export class ThrottleService {
  constructor(private readonly repo: ThrottleRepository) {}

  /** Counts a hit against every limit and throws 429 when one is exceeded. */
  async check(...limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      const { hits, windowStart } = await this.repo.hit(limit.key, limit.windowSec);
      if (hits > limit.max) throw throttled(secondsLeft(windowStart, limit.windowSec), limit.message);
    }
  }

  /**
   * For limits on failures (wrong passwords): throws 429 once `max` failures are counted in the window,
   * without counting this attempt; the caller counts a failure with `fail` only when it happens.
   */
  async refuseAfterFailures(limit: Limit): Promise<void> {
    const seen = await this.repo.peek(limit.key, limit.windowSec);
    if (seen && seen.hits >= limit.max)
      throw throttled(secondsLeft(seen.windowStart, limit.windowSec), limit.message);
  }

  /** Counts one failure; returns the failures in the window so far. */
  async fail(key: string, windowSec: number): Promise<number> {
    return (await this.repo.hit(key, windowSec)).hits;
  }

  /** Failures in the window so far. */
  async failures(key: string, windowSec: number): Promise<number> {
    return (await this.repo.peek(key, windowSec))?.hits ?? 0;
  }

  hold(key: string, seconds: number) {
    return this.repo.hold(key, seconds);
  }

  heldFor(key: string) {
    return this.repo.heldFor(key);
  }

  reset(key: string) {
    return this.repo.clear(key);
  }

  resetPrefix(prefix: string) {
    return this.repo.clearPrefix(prefix);
  }
}
