import { clickMenu, expect, gotoConsole, test } from '../support/fixtures';

const cookie = async (context: import('@playwright/test').BrowserContext, name: string) =>
  (await context.cookies()).find((c) => c.name === name)?.value;

test('the sidebar is 198px wide and its open state lives in a cookie', async ({ page, context, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveCSS('width', '198px');
  await page.getByTestId('hamburger').click();
  await expect(sidebar).toHaveClass(/is-collapsed/);
  expect(await cookie(context, 'sidebarStatus')).toBe('0');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveClass(/is-collapsed/);
  await page.getByTestId('hamburger').click();
  await expect(page.getByTestId('sidebar')).not.toHaveClass(/is-collapsed/);
  expect(await cookie(context, 'sidebarStatus')).toBe('1');
});

test.describe('at 375px the device is mobile', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar hides, opens over an overlay, and closes on overlay and navigation', async ({
    page,
    signIn,
  }) => {
    await signIn('admin');
    await page.goto('/dashboard');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).not.toBeInViewport();
    await expect(page.getByTestId('sidebar-overlay')).toHaveCount(0);
    await page.getByTestId('hamburger').click();
    await expect(sidebar).toBeInViewport();
    await expect(page.getByTestId('sidebar-overlay')).toBeVisible();
    await page.getByTestId('sidebar-overlay').click({ position: { x: 350, y: 400 } });
    await expect(page.getByTestId('sidebar-overlay')).toHaveCount(0);
    await expect(sidebar).not.toBeInViewport();

    await page.getByTestId('hamburger').click();
    await clickMenu(page, '用户管理');
    await expect(page).toHaveURL(/\/users\/users$/);
    await expect(page.getByTestId('sidebar-overlay')).toHaveCount(0);
    await expect(sidebar).not.toBeInViewport();
  });

  test('nothing overflows the page horizontally', async ({ page, signIn }) => {
    await signIn('alice');
    await page.goto('/user/profile');
    await expect(page.getByTestId('password-form')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('shrinking below 992px closes an open sidebar', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar')).not.toHaveClass(/is-collapsed/);
  await page.setViewportSize({ width: 991, height: 800 });
  await expect(page.getByTestId('app-wrapper')).toHaveClass(/is-mobile/);
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  await page.setViewportSize({ width: 992, height: 800 });
  await expect(page.getByTestId('app-wrapper')).toHaveClass(/is-desktop/);
});

test('a menu click while a page is loading warns instead of navigating', async ({ page, signIn }) => {
  await signIn('admin');
  // The admin's console has finished loading: only the held page below is loading.
  await gotoConsole(page);
  // Hold the profile page's chunk so the page stays loading.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/profile-page-.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await clickMenu(page, '我的账号');
  await clickMenu(page, '个人中心');
  await expect(page).toHaveURL(/\/user\/profile$/);
  // The address changes before the page's fallback is on screen; the click is meant for the loading page.
  await expect(page.locator('.page-loading')).toBeAttached();
  // Deliberately not clickMenu: this click must land while the page is still loading.
  await page.getByTestId('sidebar-menu').getByText('用户管理').click();
  const warning = page.locator('.ant-notification-notice');
  await expect(warning).toContainText('页面加载中...');
  await expect(warning).toContainText('点击太快了，休息一会吧。');
  await expect(page).toHaveURL(/\/user\/profile$/);
  release();
  await expect(page.getByTestId('password-form')).toBeVisible();
});

test('the breadcrumb follows route titles and shows Data Is Loading.... while a call runs', async ({
  page,
  signIn,
}) => {
  await signIn('alice');
  await page.goto('/user/profile');
  await expect(page.getByTestId('breadcrumb')).toHaveText(/控制台.*我的账号.*个人中心/);
  await page.getByTestId('language-switch').click();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/api2/user/changePassword', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('old-password').fill('wrong-password');
  await page.getByTestId('new-password').fill('password456');
  await page.getByTestId('confirm-password').fill('password456');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('data-loading')).toHaveText('Data Is Loading....');
  release();
  await expect(page.getByTestId('data-loading')).toHaveCount(0);
});

test('the user menu leads to change password and shows the name', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/dashboard');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'alice' })).toBeVisible();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
});

test('header search finds menu entries by title, path and pinyin', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard');
  const search = page.getByTestId('header-search');
  await search.click();
  await page.keyboard.type('yhgl');
  await expect(page.locator('.ant-select-item-option')).toHaveText(['用户管理']);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/users$/);
  await search.click();
  await page.keyboard.type('/finance/re');
  await expect(page.locator('.ant-select-item-option')).toHaveText(['充值记录']);
  await page.keyboard.press('Escape');
  await search.click();
  await page.keyboard.type('队列');
  await expect(page.locator('.ant-select-item-option')).toHaveText(['队列监控']);
});

test('uncaught errors land in the error log behind a header badge', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-menu')).toBeVisible();
  await expect(page.getByTestId('error-log')).toHaveCount(0);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from a timer');
    });
  });
  await page.getByTestId('error-log').click();
  const dialog = page.getByTestId('error-log-dialog');
  await expect(dialog).toContainText('boom from a timer');
  await expect(dialog).toContainText('/dashboard');
});

test('the size choice applies and lives in a cookie', async ({ page, context, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard');
  expect(await cookie(context, 'size')).toBeUndefined();
  await expect(page.getByTestId('header-search')).not.toHaveClass(/ant-select-sm/);
  await page.getByTestId('size-select').click();
  await page.getByRole('menuitem', { name: '小' }).click();
  expect(await cookie(context, 'size')).toBe('small');
  await expect(page.getByTestId('header-search')).toHaveClass(/ant-select-sm/);
  await page.reload();
  await expect(page.getByTestId('header-search')).toHaveClass(/ant-select-sm/);
});
