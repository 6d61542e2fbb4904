import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { AccountName } from './accounts';
import { loginToken, randomClientIp } from './api';

export interface SessionOptions {
  /** Site cookies as the app writes them: JSON of the site summary. */
  site?: { id: number; name: string; domain?: string };
  /** A session of its own, for tests that end it (logout, password change, expiry). */
  fresh?: boolean;
}

/**
 * Sessions shared by the tests of a worker: the server throttles logins (20 a minute per address),
 * and the suite signs in far more often than that.
 */
const sharedTokens = new Map<AccountName, string>();

async function tokenFor(name: AccountName, fresh: boolean): Promise<string> {
  if (fresh) return loginToken(name);
  let token = sharedTokens.get(name);
  if (!token) {
    token = await loginToken(name);
    sharedTokens.set(name, token);
  }
  return token;
}

interface Fixtures {
  /** Signs `name` in by storing a fresh token in the x-token cookie, as a login would. */
  signIn(name: AccountName, options?: SessionOptions): Promise<string>;
}

export const test = base.extend<Fixtures>({
  // Every test speaks from its own client address: the server throttles logins per IP.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomClientIp() });
  },
  signIn: async ({ context, baseURL }, use) => {
    await use(async (name, options = {}) => {
      const token = await tokenFor(name, options.fresh ?? false);
      const url = baseURL!;
      const cookies = [
        { name: 'x-token', value: token, url },
        { name: 'username', value: name, url },
      ];
      if (options.site)
        cookies.push({ name: 'app_site', value: encodeURIComponent(JSON.stringify(options.site)), url });
      await context.addCookies(cookies);
      return token;
    });
  },
});

export { expect };

/** Menu entries of the sidebar, as "group > leaf" titles, in order; opens every group first. */
export async function menuTitles(page: Page): Promise<string[]> {
  const menu = page.getByTestId('sidebar-menu');
  await expect(menu).toBeVisible();
  for (;;) {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return menu.evaluate((root) => {
    const out: string[] = [];
    const walk = (ul: Element, prefix: string) => {
      for (const li of Array.from(ul.children)) {
        if (li.classList.contains('ant-menu-submenu')) {
          const title =
            li.querySelector(':scope > .ant-menu-submenu-title .ant-menu-title-content')?.textContent ?? '';
          const sub = li.querySelector(':scope > ul');
          if (sub) walk(sub, `${prefix}${title} > `);
        } else if (li.classList.contains('ant-menu-item')) {
          out.push(prefix + (li.querySelector('.ant-menu-title-content')?.textContent ?? ''));
        }
      }
    };
    walk(root, '');
    return out;
  });
}

/**
 * Opens `path` inside the running app, as its own links do, instead of loading the address afresh: the
 * app's scripts, their compiled code, the session and the shell are reused, so a page costs its own
 * chunk and data only (a signed-in page opened so was ready for axe in 1.1–1.3 s here, against
 * 1.5–2.5 s loaded afresh).
 * react-router's BrowserRouter follows `popstate`, reading the entry's `idx` as its own pushes write it.
 *
 * Returns once the app has rendered the new address, not once its content has arrived (that is each
 * spec's own readiness): the router renders a navigation in a transition, so until then the page before
 * stays on screen and would pass for the new one. That page's root (its tags-bar container, or the
 * signed-out page's own root) is marked and must be hidden or gone; a root the app kept would fail
 * here rather than let the next check read the old page.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const from = await page.evaluate((to) => {
    const here = window.location.pathname;
    if (here === to) return here;
    for (const el of document.querySelectorAll('[data-e2e-left]')) el.removeAttribute('data-e2e-left');
    const shown =
      document.querySelector('#root .kept-page:not([hidden])') ?? document.querySelector('#root > *');
    if (!shown) return null;
    shown.setAttribute('data-e2e-left', '');
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    return here;
  }, path);
  if (from === path) throw new Error(`openInApp(${path}): already there, nothing would be rendered anew`);
  if (from === null) throw new Error(`openInApp(${path}): no page is shown to leave`);
  // Checked every frame rather than at expect's back-off (100, 250, 500 ms…): a signed-out page's
  // chunk arrives within a few frames, and a back-off step outlasted it.
  await page
    .waitForFunction(() => !document.querySelector('[data-e2e-left]')?.checkVisibility(), undefined, {
      polling: 'raf',
      timeout: 20_000,
    })
    .catch((error: Error) => {
      throw new Error(`openInApp(${path}): the page before (${from}) is still shown\n${error.message}`);
    });
}

/**
 * Waits until no page loads: no Suspense fallback (.page-loading), no progress bar, and with `data` no
 * data-loading marker, visible spinner or skeleton either. Checked every frame: a page opened in the app
 * still runs the progress bar for about 0.4 s, and expect's back-off (100, 250, 500, 1000 ms) saw it gone
 * only at 0.85 s or later. A timeout names what still loads.
 */
export async function untilSettled(page: Page, { data = false, timeout = 20_000 } = {}): Promise<void> {
  // One function for the wait (`done`: nothing loads) and for the failure's message (what still loads).
  const loading = (arg: { data: boolean; done: boolean }) => {
    // What Playwright's `:visible` means: rendered, not `visibility: hidden`, and not of zero size.
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return el.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0;
    };
    const left = [
      document.querySelector('.page-loading') && 'the Suspense fallback (.page-loading)',
      document.documentElement.classList.contains('nprogress-busy') && 'the progress bar',
      arg.data && document.querySelector('[data-testid="data-loading"]') && 'data-loading',
      arg.data &&
        Array.from(document.querySelectorAll('.ant-spin-spinning, .ant-skeleton')).some(shown) &&
        'a spinner or skeleton',
    ].filter(Boolean);
    return arg.done ? left.length === 0 : left.join(', ');
  };
  await page
    .waitForFunction(loading, { data, done: true }, { polling: 'raf', timeout })
    .catch(async (error: Error) => {
      throw new Error(
        `${page.url()} still loading: ${await page.evaluate(loading, { data, done: false })}\n${error.message}`,
      );
    });
}

/**
 * Opens an admin's /dashboard and waits for the console to show: while a page is still loading, a menu
 * click only warns (the seed's 页面加载中), so specs that go on by the menu start from a loaded page.
 */
export async function gotoConsole(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByTestId('console-users_total')).toBeVisible();
}

/**
 * Clicks a sidebar entry once no page is loading: a click during a load only warns (seed). The
 * Suspense fallback (.page-loading) is the app's own flag; nprogress's class alone is not, as a
 * quick done()-then-start() lets the first bar's delayed removal take the second one's class.
 */
export async function clickMenu(page: Page, label: string, options: { exact?: boolean } = {}): Promise<void> {
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('html.nprogress-busy')).toHaveCount(0);
  await page.getByTestId('sidebar-menu').getByText(label, options).click();
}

/**
 * Opens an antd Select and picks an option once its dropdown has finished opening: on a loaded
 * machine a click during the opening animation can miss the option and leave the dropdown open.
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown).toHaveCount(1);
  await expect(dropdown).not.toHaveClass(/-(appear|enter|leave)\b/);
  await dropdown.getByText(option, { exact: true }).click();
}

/**
 * Confirms the open antd Popconfirm once it is the only one shown and has finished opening: a
 * confirmation just answered fades out for a while, and its fading button cannot be clicked.
 */
export async function confirmPopconfirm(page: Page): Promise<void> {
  const popconfirm = page.locator('.ant-popconfirm:visible');
  await expect(popconfirm).toHaveCount(1);
  await expect(popconfirm).not.toHaveClass(/-(appear|enter|leave)\b/);
  await popconfirm.getByRole('button', { name: /确\s?定|OK/ }).click();
}
