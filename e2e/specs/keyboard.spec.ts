import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from '../support/accounts';
import { apiContext, call, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';
import { USER_ADMIN } from '../support/users';

/**
 * Issue 29 item 4: the keyboard alone signs in, moves through the menu, opens a list, pages it, opens
 * a row and closes it; every stop shows where the focus is. No mouse call and no fill() below: only
 * Tab, arrows, Enter, Escape and typed keys.
 */

/** Enough accounts that 用户管理 (20 a page) has a second page. */
test.beforeAll(async () => {
  const ctx = await apiContext(await loginToken('admin'));
  try {
    const { total } = await call<{ total: number }>(ctx, 'GET', `${USER_ADMIN.fetch}?limit=1`);
    for (let i = total; i < 25; i++) {
      await call(ctx, 'POST', USER_ADMIN.save, {
        username: `kb_${i}_${Date.now() % 100_000}`,
        email: `kb.${i}.${Date.now()}@mailbox.example`,
        roles: ['user'],
        password: 'keyboard-123',
      });
    }
  } finally {
    await ctx.dispose();
  }
});

/** The focused element shows a ring: an outline or a box shadow (antd draws some rings that way). */
async function expectFocusVisible(page: Page, where: string): Promise<void> {
  const ring = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return 'nothing focused';
    // A text field's ring is drawn by its frame (antd's affix wrapper, the sign-in page's field).
    const el =
      (focused.closest('.auth-input, .ant-input-affix-wrapper, .ant-select') as HTMLElement) ?? focused;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none' ? 'ring' : `no ring on ${el.outerHTML.slice(0, 120)}`;
  });
  expect(ring, where).toBe('ring');
}

/**
 * Presses Tab (or Shift+Tab) until `target` holds the focus (at most `limit` times), as a person would.
 * Fails at once when a press leaves the focus where it was: a control that catches Tab is a trap for
 * a keyboard user (antd's date-range picker was one, components/keyboard-range-picker.tsx).
 */
async function tabTo(
  page: Page,
  target: Locator,
  limit = 40,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<void> {
  type Marked = Window & { lastFocus?: Element | null };
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.evaluate(() => {
      (window as Marked).lastFocus = document.activeElement;
    });
    await page.keyboard.press(key);
    const stuck = await page.evaluate(() =>
      document.activeElement !== document.body && document.activeElement === (window as Marked).lastFocus
        ? (document.activeElement?.outerHTML.slice(0, 200) ?? '')
        : '',
    );
    if (stuck) throw new Error(`${key} left the focus on ${stuck}`);
  }
  throw new Error(`${key} never reached ${target}`);
}

/** Page loads on a machine shared by several suites can take longer than the config's 15 s. */
const SLOW = { timeout: 20_000 };

for (const language of ['zh', 'en'] as const) {
  test(`keyboard only (${language}): sign in, menu, list, next page, open a row, close it`, async ({
    page,
    context,
    baseURL,
  }) => {
    // Tab by Tab through a loaded layout is slow on a busy machine.
    test.setTimeout(120_000);
    const t = (zh: string, en: string) => (language === 'zh' ? zh : en);
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);

    // Sign in.
    await page.goto('/login');
    await tabTo(page, page.getByTestId('login-username'));
    await expectFocusVisible(page, 'username');
    await page.keyboard.type(ACCOUNTS.admin.username);
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('login-password')).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('console-users_total')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html.nprogress-busy')).toHaveCount(0, { timeout: 20_000 });

    // The first Tab lands on the skip link, which takes the focus to the page.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectFocusVisible(page, 'skip link');
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // Through the menu: Tab into it, arrows to 用户管理, Enter opens the list.
    const menu = page.getByTestId('sidebar-menu');
    await tabTo(page, menu);
    await expectFocusVisible(page, 'menu');
    const usersItem = menu.getByRole('menuitem', { name: t('用户管理', 'Users') });
    for (let i = 0; i < 20 && !(await usersItem.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(usersItem).toBeFocused();
    await expectFocusVisible(page, 'menu item');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users\/users/, SLOW);
    const table = page.locator('[data-testid="users-table"]:visible');
    await expect(table.getByTestId('users-open').first()).toBeVisible(SLOW);

    // Page it: the pagination's next button.
    const next = page.locator('.ant-pagination-next:visible');
    await tabTo(page, next, 300);
    await expectFocusVisible(page, 'next page');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]page=2/, SLOW);
    await expect(page.locator('.ant-pagination-item-active:visible')).toHaveText('2');

    // Open a row and close it again.
    const open = table.getByTestId('users-open').first();
    await expect(open).toBeVisible(SLOW);
    // Back up from the pager to the first row's link.
    await tabTo(page, open, 300, 'Shift+Tab');
    await expectFocusVisible(page, 'row link');
    await page.keyboard.press('Enter');
    const drawer = page.locator('.ant-drawer-open');
    await expect(drawer.getByTestId('users-profile')).toBeVisible(SLOW);
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  });
}
