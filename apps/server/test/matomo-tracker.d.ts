/** matomo-tracker (npm) ships no types: what the compat tests use of it. */
declare module 'matomo-tracker' {
  import type { EventEmitter } from 'node:events';

  class MatomoTracker extends EventEmitter {
    constructor(siteId: number | string, trackerUrl: string, noURLValidation?: boolean);
    track(options: string | Record<string, unknown>): void;
    trackBulk(events: Record<string, unknown>[], callback?: (body: string) => void): void;
  }
  export default MatomoTracker;
}
