import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AccountName } from './accounts';
import { expect, test } from './fixtures';

/** Where screenshots go, for a person to look at. */
export const SCREENSHOT_DIR = join(import.meta.dirname, '../../.tmp/screenshots');

export interface Shot {
  name: string;
  path: string;
  /** Test id that is visible once the page is ready. */
  ready: string;
  /** Signed in as this account. */
  as?: AccountName;
  /** Extra steps after the page is ready (switching a view, opening a tab). */
  prepare?: (page: Page) => Promise<void>;
}

/**
 * Every shot in both languages at desktop and phone width: a test each, failing on horizontal
 * overflow, writing `{name}-{language}-{width}.png`.
 */
export function screenshotSuite(shots: readonly Shot[] | (() => readonly Shot[])): void {
  for (const width of [1280, 375]) {
    for (const language of ['zh', 'en']) {
      test.describe(`${language} at ${width}px`, () => {
        test.use({ viewport: { width, height: width > 400 ? 800 : 740 } });
        const list = typeof shots === 'function' ? shots() : shots;
        for (const shot of list) {
          test(shot.name, async ({ page, context, baseURL, signIn }) => {
            await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
            if (shot.as) await signIn(shot.as);
            await page.goto(shot.path);
            await expect(page.getByTestId(shot.ready)).toBeVisible();
            await shot.prepare?.(page);
            await page.waitForLoadState('networkidle');
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
            await page.screenshot({
              path: join(SCREENSHOT_DIR, `${shot.name}-${language}-${width}.png`),
              fullPage: true,
            });
          });
        }
      });
    }
  }
}
