import type { FastifyBaseLogger } from 'fastify';
import type { ChainWatcher } from '../src/modules/finance/chain-watcher.js';

/**
 * Watcher cycles one after another until `deadline` (ms since the epoch) and until one of them read
 * (so two loops at once hand the chain over at least once, however slow a loaded machine makes them):
 * how many read, how many were skipped.
 */
export async function cycleUntil(watcher: ChainWatcher, deadline: number) {
  let ran = 0;
  let skipped = 0;
  while (Date.now() < deadline || ran === 0) {
    const report = await watcher.cycle();
    if (report.skipped) {
      skipped += 1;
      // Another watcher holds the chain: ask again soon, as the next minute's job would.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } else ran += 1;
  }
  return { ran, skipped };
}

/** The most requests the fake TronGrid saw within any one second. */
export function peakPerSecond(log: readonly { at: number }[]): number {
  let peak = 0;
  for (let i = 0, j = 0; i < log.length; i++) {
    while ((log[i]?.at ?? 0) - (log[j]?.at ?? 0) >= 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

const noop = () => undefined;
export const quietLog = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  silent: noop,
  child: () => quietLog,
  level: 'silent',
} as unknown as FastifyBaseLogger;
