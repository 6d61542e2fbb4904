import { join } from 'node:path';
import type { AccountName } from '../support/accounts';
import { demoSites, REPORT_PAGES } from '../support/demo';
import { expect, test } from '../support/fixtures';

/** Screens in both languages at desktop and phone width, for a person to look at. */
const OUT = join(import.meta.dirname, '../../.tmp/screenshots');

interface Shot {
  name: string;
  path: string;
  /** Test id that shows the screen is ready. */
  ready: string;
  account?: AccountName;
  /** Signed in with the first demo site selected (the report pages). */
  demoSite?: boolean;
}

const PAGES: Shot[] = [
  { name: 'login', path: '/login', ready: 'login-form' },
  { name: 'register', path: '/register', ready: 'register-form' },
  { name: 'getPasswd', path: '/getPasswd', ready: 'reset-form' },
  { name: 'dashboard', path: '/dashboard', ready: 'sites-table', account: 'alice' },
  { name: 'profile', path: '/user/profile', ready: 'password-form', account: 'alice' },
  { name: 'sites-group', path: '/sites/group', ready: 'group-none', account: 'alice' },
  { name: 'sites-notice', path: '/sites/notice', ready: 'site-form', account: 'bob' },
  { name: 'sites-select', path: '/sites/select', ready: 'site-list', account: 'alice' },
  { name: 'preview', path: '/preview', ready: 'overview-kpis' },
  ...REPORT_PAGES.map((r) => ({
    name: `report-${r.name}`,
    path: r.path,
    ready: r.ready,
    account: 'demo' as const,
    demoSite: true,
  })),
];

for (const width of [1280, 375]) {
  for (const language of ['zh', 'en']) {
    test.describe(`${language} at ${width}px`, () => {
      test.use({ viewport: { width, height: width > 400 ? 800 : 740 } });
      for (const shot of PAGES) {
        test(shot.name, async ({ page, context, baseURL, signIn }) => {
          await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
          if (shot.account) await signIn(shot.account, shot.demoSite ? { site: (await demoSites())[0] } : {});
          await page.goto(shot.path);
          await expect(
            page.locator('.kept-page:visible, body').getByTestId(shot.ready).first(),
          ).toBeVisible();
          await page.waitForLoadState('networkidle');
          // Charts animate in; the picture is of the settled page.
          await page.waitForTimeout(shot.demoSite ? 1200 : 0);
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
