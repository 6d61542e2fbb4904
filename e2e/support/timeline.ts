import type { Page } from '@playwright/test';

interface Timeline {
  /** performance.now() of every history change, with the new URL. */
  navigations: { at: number; url: string }[];
  /** performance.now() at which each watched selector first matched… */
  seen: Record<string, number>;
  /** …and at which it stopped matching after that. */
  gone: Record<string, number>;
}

/**
 * Records, inside the page, when URLs change and when elements first appear and go, so timing
 * assertions measure the app rather than how quickly a loaded machine reports to the test.
 */
export async function recordTimeline(page: Page, selectors: string[]): Promise<void> {
  await page.addInitScript((watched: string[]) => {
    const timeline: Timeline = { navigations: [], seen: {}, gone: {} };
    (window as unknown as { __timeline: Timeline }).__timeline = timeline;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        timeline.navigations.push({ at: performance.now(), url: location.pathname });
      };
    }
    new MutationObserver(() => {
      for (const selector of watched) {
        const present = document.querySelector(selector) !== null;
        if (timeline.seen[selector] === undefined) {
          if (present) timeline.seen[selector] = performance.now();
        } else if (timeline.gone[selector] === undefined && !present) {
          timeline.gone[selector] = performance.now();
        }
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  }, selectors);
}

export function readTimeline(page: Page): Promise<Timeline> {
  return page.evaluate(() => (window as unknown as { __timeline: Timeline }).__timeline);
}

/** In-page time at which the last response for a URL containing `part` ended. */
export function responseEnd(page: Page, part: string): Promise<number> {
  return page.evaluate((p) => {
    const entries = performance.getEntriesByType('resource').filter((e) => e.name.includes(p));
    return (entries.at(-1) as PerformanceResourceTiming | undefined)?.responseEnd ?? Number.NaN;
  }, part);
}
