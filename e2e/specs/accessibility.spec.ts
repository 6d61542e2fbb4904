import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { AccountName } from '../support/accounts';
import { demoSites, REPORT_PAGES } from '../support/demo';
import { expect, openInApp, type SessionOptions, test, untilSettled } from '../support/fixtures';

/**
 * Issue 29 item 4: axe-core on the 48 most-used pages in zh-CN and en-US, failing on any critical or
 * serious violation of WCAG 2.0 A/AA and 2.1 AA. One visit per page; the page is checked once it shows
 * its content and no page load (progress bar, Suspense fallback) is running. The list is also in
 * apps/web/README.md (Accessibility).
 *
 * Public (10): /home /login /register /getPasswd /articles /price /discount /service /preview /404
 * User centre (11): /dashboard (站点列表) /user/profile /user/wallet /user/orders /user/plans
 *   /user/invites /user/tickets /sites/group /sites/notice /sites/select /bots/botsList
 * Site reports (13): /site/all /site/overview /site/visitor /site/trend/comId /site/visitors/area
 *   /site/visitors/ip /site/refer/comId /site/refer/total /site/refer/search_engine /site/refer/keyword
 *   /site/content/comId /site/content/src /site/content/domain
 * Back office (14): /dashboard (控制台) /admin/setting /admin/files /admin/contentList
 *   /admin/contentcreate /admin/auditLog /admin/mailLog /admin/shortUrl /users/users /groups/groups
 *   /finance/recharge /orders/orders /queue/queue /tickets/tickets
 */

interface AxePage {
  path: string;
  /** Test id shown once the page holds its content, or a locator for pages without one. */
  ready: string | ((page: Page) => Locator);
  as?: AccountName;
  session?: () => Promise<SessionOptions>;
}

const demoSession = async (): Promise<SessionOptions> => ({ site: (await demoSites())[0] });

const AXE_PAGES: AxePage[] = [
  { path: '/home', ready: 'home-preview' },
  { path: '/login', ready: 'login-form' },
  { path: '/register', ready: 'register-form' },
  { path: '/getPasswd', ready: 'reset-form' },
  { path: '/articles', ready: (page) => page.getByRole('main').getByRole('heading').first() },
  { path: '/price', ready: 'price-plans' },
  { path: '/discount', ready: (page) => page.getByRole('main').getByRole('heading').first() },
  { path: '/service', ready: (page) => page.getByRole('main').getByRole('heading').first() },
  { path: '/preview', ready: 'overview-kpis' },
  { path: '/404', ready: (page) => page.getByRole('link', { name: /返回首页|home/i }) },
  { path: '/dashboard', ready: 'sites-table', as: 'alice' },
  { path: '/user/profile', ready: 'password-form', as: 'alice' },
  { path: '/user/wallet', ready: 'ledger-table', as: 'wendy' },
  { path: '/user/orders', ready: 'my-orders-table', as: 'bob' },
  { path: '/user/plans', ready: 'current-plan', as: 'bob' },
  { path: '/user/invites', ready: 'invitees-table', as: 'alice' },
  { path: '/user/tickets', ready: 'tickets-user-table', as: 'alice' },
  { path: '/sites/group', ready: 'group-none', as: 'alice' },
  { path: '/sites/notice', ready: 'site-form', as: 'bob' },
  { path: '/sites/select', ready: 'site-list', as: 'alice' },
  { path: '/bots/botsList', ready: 'bots-table', as: 'alice' },
  ...REPORT_PAGES.map((r) => ({ path: r.path, ready: r.ready, as: 'demo' as const, session: demoSession })),
  { path: '/dashboard', ready: 'console-users_total', as: 'admin' },
  { path: '/admin/setting', ready: 'settings-form-basic', as: 'admin' },
  // The grid once there are files, the empty state on a fresh server: either is the loaded page.
  {
    path: '/admin/files',
    ready: (page) => page.getByTestId('files-page').locator('.files-grid, .list-empty').first(),
    as: 'admin',
  },
  { path: '/admin/contentList', ready: 'articles-table', as: 'admin' },
  { path: '/admin/contentcreate', ready: 'rich-text-content', as: 'editor' },
  { path: '/admin/auditLog', ready: 'audit-table', as: 'admin' },
  { path: '/admin/mailLog', ready: 'mail-log-table', as: 'admin' },
  { path: '/admin/shortUrl', ready: 'short-links-table', as: 'admin' },
  { path: '/users/users', ready: 'users-table', as: 'admin' },
  { path: '/groups/groups', ready: 'groups-table', as: 'admin' },
  { path: '/finance/recharge', ready: 'recharge-table', as: 'admin' },
  { path: '/orders/orders', ready: 'orders-table', as: 'admin' },
  { path: '/queue/queue', ready: 'queue-table', as: 'admin' },
  { path: '/tickets/tickets', ready: 'tickets-admin', as: 'admin' },
];

const BLOCKING = new Set(['critical', 'serious']);

/** Report pages load for a while on a machine shared by several suites: longer than the config's 15 s. */
const SLOW = { timeout: 20_000 };

/** One line per violation and up to three of its elements, so a failure reads without the trace. */
function summary(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            `    ${n.target.join(' ')} ${n.html.slice(0, 90)}: ${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}`,
        )
        .join('\n');
      return `  [${v.impact}] ${v.id} (${v.nodes.length}×): ${v.help}\n${nodes}`;
    })
    .join('\n');
}

test('the list holds 48 pages', () => {
  expect(AXE_PAGES).toHaveLength(48);
});

/**
 * Dark mode (the drawer's 暗黑模式, kept by the page-style store in localStorage) on pages with the
 * shell's and antd's main surfaces: a dashboard of tiles, a report with charts, a list, a statement.
 */
const DARK_PAGES = [
  ['/dashboard', 'admin'],
  ['/site/overview', 'demo'],
  ['/users/users', 'admin'],
  ['/user/wallet', 'wendy'],
].map(([path, as]) => AXE_PAGES.find((p) => p.path === path && p.as === as)!);

type Language = 'zh' | 'en';

interface Fixtures {
  page: Page;
  context: BrowserContext;
  baseURL: string | undefined;
  signIn(name: AccountName, options?: SessionOptions): Promise<string>;
}

/**
 * Opens each of `entries` (all one account's) in turn in one page and runs axe on each once it holds
 * its content and nothing loads; every page's blocking violations are reported, one soft failure each.
 * One page for the group, not a browser context per page (a cold context and load cost 2.7 s a page
 * here, a load in a warm one 1.45 s). The first page is loaded by its address; the others are opened
 * inside the app, as a reader following the menu gets them, which spares re-running the app's scripts
 * and its start-up requests for every page.
 */
async function expectNoneBlocking(
  { page, context, baseURL, signIn }: Fixtures,
  entries: readonly AxePage[],
  language: Language,
  dark = false,
): Promise<void> {
  const who = entries[0]?.as;
  await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
  if (dark) {
    // What the drawer's switch stores (zustand's persist format); the store merges it over its defaults.
    await context.addInitScript(() =>
      localStorage.setItem('tally-settings', JSON.stringify({ state: { dark: true }, version: 0 })),
    );
  }
  if (who) await signIn(who, await entries[0]?.session?.());
  for (const [index, entry] of entries.entries()) {
    await test.step(entry.path, async () => {
      if (index === 0) await page.goto(entry.path);
      else await openInApp(page, entry.path);
      const blocking = await blockingViolations(page, entry, dark);
      expect
        .soft(
          blocking.map((v) => v.id),
          `${entry.path} (${language}${dark ? ', dark' : ''}, ${who ?? 'guest'}):\n${summary(blocking)}`,
        )
        .toEqual([]);
    });
  }
}

/** The critical and serious violations of `entry`'s page, just opened, once it has settled. */
async function blockingViolations(page: Page, entry: AxePage, dark: boolean) {
  const ready =
    typeof entry.ready === 'string'
      ? page.locator(`[data-testid="${entry.ready}"]:visible`).first()
      : entry.ready(page);
  await expect(ready).toBeVisible(SLOW);
  await untilSettled(page, SLOW);
  if (dark) await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Colours read mid-transition are neither state's: /login's button, enabled as its captcha arrived,
  // was once read halfway from its disabled grey to its blue (contrast 1.51). Spinners loop forever,
  // so only transitions are waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    undefined,
    SLOW,
  );
  // Legacy mode runs axe.run in the page itself instead of merging frames' partial results in a new
  // blank page, which started a renderer per check: half the check's time here, spent for frames of
  // other origins the app never has. (An injected <img> without alt still fails it: image-alt.)
  // The pages visited before stay mounted, hidden, for the tags bar (apps/web/src/layout/
  // keep-alive-outlet.tsx): a fresh load of this address has none, so they are not part of it (their
  // ids and landmarks would read as this page's). Only violations are listed node by node: axe
  // otherwise also builds an entry for every passing and incomplete node, which nothing here reads.
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .exclude('.kept-page[hidden]')
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** The pages by account and session, in the list's order (guests first): one sign-in serves a group. */
function byAccount(entries: readonly AxePage[]): AxePage[][] {
  const groups: AxePage[][] = [];
  for (const entry of entries) {
    const group = groups.find(([first]) => first?.as === entry.as && first?.session === entry.session);
    if (group) group.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

for (const dark of [false, true]) {
  for (const language of ['zh', 'en'] as const) {
    test.describe(`axe ${language}${dark ? ' dark' : ''}`, () => {
      for (const entries of byAccount(dark ? DARK_PAGES : AXE_PAGES)) {
        const who = entries[0]?.as ?? 'guest';
        test(`${entries.length} page(s) as ${who}: ${entries.map((e) => e.path).join(' ')}`, async ({
          page,
          context,
          baseURL,
          signIn,
        }) => {
          // About 7 s a page under the suite's load; 30 s allowed each (the config's minute is for one page).
          test.setTimeout(30_000 + entries.length * 30_000);
          await expectNoneBlocking({ page, context, baseURL, signIn }, entries, language, dark);
        });
      }
    });
  }
}
