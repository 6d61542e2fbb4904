import { expect, test } from '../support/fixtures';

test.describe('browser language zh-CN', () => {
  test.use({ locale: 'zh-CN' });
  test('Chinese without a cookie; the switch flips to English and the cookie keeps it', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '系统登录' })).toBeVisible();
    await page.getByTestId('language-switch').click();
    await expect(page.getByRole('heading', { name: 'Login Form' })).toBeVisible();
    await expect(page.getByTestId('login-submit')).toHaveText('Login');
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Login Form' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('browser language en-US', () => {
  test.use({ locale: 'en-US' });
  test('English without a cookie', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login Form' })).toBeVisible();
  });
});

test.describe('browser language neither en nor zh', () => {
  test.use({ locale: 'fr-FR' });
  test('falls back to English', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  });
  test('the cookie wins over the browser', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'language', value: 'zh', url: baseURL! }]);
    await page.goto('/getPasswd');
    await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  });
});

test('English means English: the menu, tabs and document title switch with the shell (issue 29)', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-menu')).toContainText('用户管理');
  await expect(page).toHaveTitle('控制台 - 系统后台');
  await page.getByTestId('language-switch').click();
  await expect(page.getByTestId('sidebar-menu')).toContainText('Users');
  await expect(page.getByTestId('sidebar-menu')).not.toContainText('用户管理');
  await expect(page.getByTestId('tags-bar')).toContainText('Console');
  await expect(page).toHaveTitle('Console - Back office');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'change password' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'log out' })).toBeVisible();
});
