import { join } from 'node:path';
import { expect, test } from '../support/fixtures';

/** Screens of issue 3 in both languages at desktop and phone width, for a person to look at. */
const OUT = join(import.meta.dirname, '../../.tmp/screenshots');
const PAGES = [
  { name: 'login', path: '/login', ready: 'login-form' },
  { name: 'register', path: '/register', ready: 'register-form' },
  { name: 'getPasswd', path: '/getPasswd', ready: 'reset-form' },
  { name: 'dashboard', path: '/dashboard', ready: 'sidebar-menu', signedIn: true },
  { name: 'profile', path: '/user/profile', ready: 'password-form', signedIn: true },
] as const;

for (const width of [1280, 375]) {
  for (const language of ['zh', 'en']) {
    test.describe(`${language} at ${width}px`, () => {
      test.use({ viewport: { width, height: width > 400 ? 800 : 740 } });
      for (const shot of PAGES) {
        test(shot.name, async ({ page, context, baseURL, signIn }) => {
          await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
          if ('signedIn' in shot) await signIn('alice');
          await page.goto(shot.path);
          await expect(page.getByTestId(shot.ready)).toBeVisible();
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
          await page.screenshot({ path: join(OUT, `${shot.name}-${language}-${width}.png`), fullPage: true });
        });
      }
    });
  }
}
