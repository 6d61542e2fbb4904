import { throttled } from '../../lib/errors.js';
import type { ThrottleRepository } from './throttle.repository.js';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSec: number;
  message?: string;
}

export class ThrottleService {
  constructor(private readonly repo: ThrottleRepository) {}

  /** Counts a hit against every limit and throws 429 when one is exceeded. */
  async check(...limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      const { hits, windowStart } = await this.repo.hit(limit.key, limit.windowSec);
      if (hits > limit.max) {
        const retry = Math.max(
          1,
          Math.ceil((windowStart.getTime() + limit.windowSec * 1000 - Date.now()) / 1000),
        );
        throw throttled(retry, limit.message);
      }
    }
  }

  reset(key: string) {
    return this.repo.clear(key);
  }
}
