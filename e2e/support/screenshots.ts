import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { AccountName } from './accounts';
import { expect, type SessionOptions, test } from './fixtures';

/** Where screenshots go, for a person to look at. */
export const SCREENSHOT_DIR = join(import.meta.dirname, '../../.tmp/screenshots');

export interface Shot {
  name: string;
  /** A function when the address is known only once set-up has run (an article's id). */
  path: string | (() => string);
  /** Test id visible once the page is ready, or a locator for pages without test ids. */
  ready: string | ((page: Page) => Locator);
  /** Signed in as this account… */
  as?: AccountName;
  /** …with these session options (a selected site), known once set-up has run. */
  session?: () => Promise<SessionOptions>;
  /** Extra steps after the page is ready (switching a view, opening a tab). */
  prepare?: (page: Page) => Promise<void>;
  /** Server state this shot needs (the site closed), set before and undone after. */
  around?: { before(): Promise<void>; after(): Promise<void> };
}

async function shoot(page: Page, shot: Shot, file: string): Promise<void> {
  await page.goto(typeof shot.path === 'string' ? shot.path : shot.path());
  const ready = typeof shot.ready === 'string' ? page.getByTestId(shot.ready) : shot.ready(page);
  await expect(ready).toBeVisible();
  await shot.prepare?.(page);
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(SCREENSHOT_DIR, file), fullPage: true });
}

/**
 * `npm run screenshots` (SCREENSHOTS=all): every shot in both languages at desktop and phone width,
 * for a person to look at. In `npm test`, only the phone width in English (the longer labels), which
 * keeps the overflow check on every screen at a quarter of the time.
 */
const VARIANTS =
  process.env.SCREENSHOTS === 'all'
    ? [1280, 375].flatMap((width) => ['zh', 'en'].map((language) => ({ width, language })))
    : [{ width: 375, language: 'en' }];

/** A test per shot and variant, failing on horizontal overflow, writing `{name}-{language}-{width}.png`. */
export function screenshotSuite(shots: readonly Shot[]): void {
  for (const { width, language } of VARIANTS) {
    test.describe(`${language} at ${width}px`, () => {
      test.use({ viewport: { width, height: width > 400 ? 800 : 740 } });
      for (const shot of shots) {
        test(shot.name, async ({ page, context, baseURL, signIn }) => {
          await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
          if (shot.as) await signIn(shot.as, await shot.session?.());
          await shot.around?.before();
          try {
            await shoot(page, shot, `${shot.name}-${language}-${width}.png`);
          } finally {
            await shot.around?.after();
          }
        });
      }
    });
  }
}
