import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { BASE_URL, PASSWORD } from '../support/accounts';
import { loginToken, randomClientIp } from '../support/api';
import { clickMenu, expect, test } from '../support/fixtures';
import { DEFAULT_SITE, saveSettings } from '../support/settings';

// Settings are global: whatever a test changes is put back, pass or fail.
test.afterEach(() => saveSettings(DEFAULT_SITE));

async function openBasicTab(page: Page): Promise<void> {
  await page.goto('/admin/setting');
  await expect(page.getByTestId('settings-form-basic')).toBeVisible();
}

async function signInThroughForm(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

/** A browser context of its own: another person, signed in or not. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: 'zh-CN',
    // Its own client address: the server throttles logins per IP.
    extraHTTPHeaders: { 'x-forwarded-for': randomClientIp() },
  });
  await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

test('an admin changes the web title and every visitor sees it', async ({ page, signIn, browser }) => {
  const title = `统计中心 ${randomInt(1000, 9999)}`;
  await signIn('admin');
  await openBasicTab(page);
  await page.getByTestId('setting-webtitle').fill(title);
  await page.getByTestId('settings-save-basic').click();
  await expect(page.getByText('已保存')).toBeVisible();
  // The admin's own tab and sidebar follow at once.
  await expect(page).toHaveTitle(`系统设置 - ${title}`);

  const alice = await visitor(browser);
  await alice.context.addCookies([{ name: 'x-token', value: await loginToken('alice'), url: BASE_URL }]);
  await alice.page.goto('/dashboard');
  await expect(alice.page).toHaveTitle(`控制台 - ${title}`);
  await alice.context.close();

  const anonymous = await visitor(browser);
  await anonymous.page.goto('/home');
  await expect(anonymous.page).toHaveTitle(`首页 - ${title}`);
  await expect(anonymous.page.getByTestId('public-brand')).toHaveText(title);
  await anonymous.context.close();
});

test('validation messages come from the contracts before anything is saved', async ({ page, signIn }) => {
  await signIn('admin');
  await openBasicTab(page);
  let saves = 0;
  await page.route('**/api/v1/admin/setting/save', (route) => {
    saves += 1;
    return route.continue();
  });
  await page.getByTestId('setting-webtitle').fill('');
  await page.getByTestId('setting-kefu_link').fill('javascript:alert(1)');
  await page.getByTestId('settings-save-basic').click();
  await expect(page.getByText('必填')).toBeVisible();
  await expect(page.getByText('必须是 http(s)、tg:、mailto: 地址，或本站路径')).toBeVisible();
  expect(saves).toBe(0);
});

test('closing the site sends visitors to /beian.html; the admin still signs in and opens it again', async ({
  page,
  signIn,
  browser,
}) => {
  await signIn('admin');
  await openBasicTab(page);
  await page.getByTestId('setting-webclose').click();
  await page.getByTestId('settings-save-basic').click();
  // Closing is confirmed first.
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByText('已保存')).toBeVisible();
  // The admin who closed it keeps working.
  await page.reload();
  await expect(page.getByTestId('settings-form-basic')).toBeVisible();

  const anonymous = await visitor(browser);
  await anonymous.page.goto('/home');
  await expect(anonymous.page).toHaveURL(/\/beian\.html$/);
  await expect(anonymous.page.getByRole('link', { name: /管理员登录/ })).toBeVisible();
  await anonymous.context.close();

  const alice = await visitor(browser);
  await signInThroughForm(alice.page, 'alice');
  await expect(alice.page).toHaveURL(/\/beian\.html$/);
  await alice.context.close();

  // A fresh admin session through the login form, then the switch back.
  const admin = await visitor(browser);
  await signInThroughForm(admin.page, 'admin');
  await expect(admin.page).toHaveURL(/\/dashboard$/);
  await clickMenu(admin.page, '系统管理');
  await clickMenu(admin.page, '系统设置');
  await expect(admin.page.getByTestId('settings-form-basic')).toBeVisible();
  await expect(admin.page.getByTestId('setting-webclose')).toHaveAttribute('aria-checked', 'true');
  await admin.page.getByTestId('setting-webclose').click();
  await admin.page.getByTestId('settings-save-basic').click();
  await expect(admin.page.getByText('已保存')).toBeVisible();
  await admin.context.close();

  const later = await visitor(browser);
  await later.page.goto('/home');
  await expect(later.page.getByTestId('public-brand')).toBeVisible();
  await expect(later.page).toHaveURL(/\/home$/);
  await later.context.close();
});
