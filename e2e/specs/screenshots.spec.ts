import type { Page } from '@playwright/test';
import { SAMPLE_KEY_NAME, seedApiKey } from '../support/api-keys';
import { demoSites, REPORT_PAGES } from '../support/demo';
import { screenshotSuite } from '../support/screenshots';

/** Screens of issues 3 and 5 in both languages at desktop and phone width, for a person to look at. */
screenshotSuite([
  { name: 'login', path: '/login', ready: 'login-form' },
  { name: 'register', path: '/register', ready: 'register-form' },
  { name: 'getPasswd', path: '/getPasswd', ready: 'reset-form' },
  { name: 'dashboard', path: '/dashboard', ready: 'sites-table', as: 'alice' },
  { name: 'profile', path: '/user/profile', ready: 'password-form', as: 'alice' },
  // Issue 30: the API keys card with a key listed (bob's), and its new-key dialog.
  {
    name: 'profile-api-keys',
    path: '/user/profile',
    ready: (page: Page) => page.getByTestId('api-key-item').filter({ hasText: SAMPLE_KEY_NAME }),
    as: 'bob',
    around: { before: seedApiKey, after: async () => undefined },
  },
  {
    name: 'profile-api-key-create',
    path: '/user/profile',
    ready: 'api-keys',
    as: 'bob',
    prepare: async (page: Page) => {
      await page.getByTestId('api-key-new').click();
      await page.getByTestId('api-key-name').waitFor();
    },
  },
  { name: 'sites-group', path: '/sites/group', ready: 'group-none', as: 'alice' },
  { name: 'sites-notice', path: '/sites/notice', ready: 'site-form', as: 'bob' },
  { name: 'sites-select', path: '/sites/select', ready: 'site-list', as: 'alice' },
  { name: 'preview', path: '/preview', ready: 'overview-kpis' },
  ...REPORT_PAGES.map((r) => ({
    name: `report-${r.name}`,
    path: r.path,
    // Pages kept alive in tags stay in the DOM, hidden: the shown one is the visible copy.
    ready: (page: Page) => page.locator('.kept-page:visible').getByTestId(r.ready),
    as: 'demo' as const,
    session: async () => ({ site: (await demoSites())[0] }),
    // Charts animate in; the picture is of the settled page.
    prepare: (page: Page) => page.waitForTimeout(1200),
  })),
]);
