import { randomInt } from 'node:crypto';
import { apiContext, call, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';
import { latestEmailCode } from '../support/mail';
import { suiteState } from '../support/state';

test('login: a captcha image that refreshes on click', async ({ page }) => {
  // The suite runs with captchas off; the answer is substituted to show the switched-on form.
  let served = 0;
  await page.route('**/api/v1/api2/auth/captcha*', (route) => {
    served += 1;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="10" y="28">${served}</text></svg>`;
    return route.fulfill({
      json: { code: 200, message: 'ok', data: { captcha_id: `c${served}`, svg, enabled: true } },
    });
  });
  await page.goto('/login');
  await expect(page.getByTestId('captcha-input')).toBeVisible();
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
  expect(served).toBe(1);
  await page.getByTestId('captcha-image').click();
  await expect.poll(() => served).toBe(2);
});

test('login: after repeated failures on an account the form asks for a captcha, though captchas are off', async ({
  page,
}) => {
  // Ten wrong passwords from ten addresses on one name (the answers are the same for unknown names).
  const name = `attacked${randomInt(100000, 999999)}`;
  for (let i = 0; i < 10; i++) {
    const api = await apiContext();
    const res = await api.post('/api/v1/api2/auth/login', {
      data: { username: name, password: 'wrong guess' },
    });
    expect(res.status()).toBe(401);
    await api.dispose();
  }
  await page.goto('/login');
  await expect(page.getByTestId('captcha-input')).toHaveCount(0);
  await page.getByTestId('login-username').fill(name);
  await page.getByTestId('login-password').fill('password123');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('captcha-input')).toBeVisible();
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
});

test('login: username or email both sign in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('captcha-input')).toHaveCount(0);
  await page.getByTestId('login-username').fill('editor@example.com');
  await page.getByTestId('login-password').fill('password123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('login: a click before the captcha answer arrives waits for it and signs in', async ({ page }) => {
  // A slow captcha answer: until it says captchas are off, the form cannot know its fields.
  await page.route('**/api/v1/api2/auth/captcha*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeDisabled();
  await page.getByTestId('login-username').fill('editor@example.com');
  await page.getByTestId('login-password').fill('password123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('login: required fields are checked before any call', async ({ page }) => {
  await page.goto('/login');
  let calls = 0;
  await page.route('**/api/v1/api2/auth/login', (route) => {
    calls += 1;
    return route.continue();
  });
  await page.getByTestId('login-submit').click();
  // Username and password (captchas are off in the browser suite).
  await expect(page.locator('.auth-field-error')).toHaveCount(2);
  expect(calls).toBe(0);
});

test('register with an emailed code and a prefilled invite code, then reset the password', async ({
  page,
}) => {
  const inviter = await apiContext(await loginToken('alice'));
  const info = await call<{ invite_code: string }>(inviter, 'POST', '/api/v1/api2/user/info', {});
  await inviter.dispose();

  const n = randomInt(100000, 999999);
  const email = `newbie${n}@example.com`;
  await page.goto(`/register?invite_code=${info.invite_code}`);
  await expect(page.getByTestId('register-invite')).toHaveValue(info.invite_code);
  await page.getByTestId('register-username').fill(`newbie${n}`);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('password123');
  await page.getByTestId('register-confirm').fill('password123');
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await expect(page.getByTestId('send-code')).toHaveText(/^(59|60) 秒后重发$/);
  const code = await latestEmailCode(email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-submit').click();
  // A new user has no site yet: the dashboard (站点列表) sends them on to the page that adds one.
  await expect(page).toHaveURL(/\/sites\/notice$/);
  await expect(page.getByTestId('user-menu')).toContainText(`newbie${n}`);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/getPasswd$/);
  await page.getByTestId('reset-email').fill(email);
  await page.getByTestId('send-code').click();
  const resetCode = await latestEmailCode(email, code);
  await page.getByTestId('reset-code').fill(resetCode);
  await page.getByTestId('reset-password').fill('password789');
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-username').fill(email);
  await page.getByTestId('login-password').fill('password789');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/sites\/notice$/);
});

test('register: the server rejects a missing email code with 422', async ({ page }) => {
  await page.goto('/register');
  await page.getByTestId('register-username').fill('nocode');
  await page.getByTestId('register-email').fill('nocode@example.com');
  await page.getByTestId('register-password').fill('password123');
  await page.getByTestId('register-confirm').fill('password123');
  await page.getByTestId('register-submit').click();
  await expect(page.locator('.ant-notification-notice')).toContainText('请求失败(422)');
  await expect(page.locator('.ant-notification-notice')).toContainText('邮箱验证码: 必填');
  await expect(page).toHaveURL(/\/register$/);
});

test('profile: change password', async ({ page, signIn }) => {
  await signIn('carol', { fresh: true });
  await page.goto('/user/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('carol');
  const change = async (from: string, to: string) => {
    await page.getByTestId('old-password').fill(from);
    await page.getByTestId('new-password').fill(to);
    await page.getByTestId('confirm-password').fill(to);
    await page.getByTestId('password-submit').click();
    await expect(page.locator('.ant-message-notice').last()).toHaveText('密码已修改');
    await expect(page.getByTestId('old-password')).toHaveValue('');
  };
  await change('password123', 'password456');
  await change('password456', 'password123');
});

test('/404, /auth-redirect and /redirect/{path}', async ({ page, signIn }) => {
  await page.goto('/404');
  await expect(page.getByText('页面不存在。')).toBeVisible();
  await page.goto('/auth-redirect?code=abc&state=1');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('x-admin-oauth-code')))
    .toBe('code=abc&state=1');
  await signIn('admin');
  await page.goto('/redirect/users/users?page=2');
  await expect(page).toHaveURL(/\/users\/users\?page=2$/);
});

test('document title: page title and web title', async ({ page, signIn }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('用户中心');
  await signIn('admin');
  await page.goto('/users/users');
  await expect(page).toHaveTitle('用户管理 - 系统后台');
});

test('share: a protected link asks for its password', async ({ page }) => {
  const [, beta] = suiteState().sites;
  const owner = await apiContext(await loginToken('alice'));
  const share = await call<{ token: string }>(owner, 'POST', '/api/v1/api2/sites/share', {
    id: beta!.id,
    action: 'enable',
    password: 'open-sesame',
  });
  await owner.dispose();
  await page.goto(`/share?token=${share.token}`);
  await expect(page.getByTestId('share-password')).toBeVisible();
  await page.getByTestId('share-password').fill('not-it');
  await page.getByTestId('share-submit').click();
  await expect(page.locator('.ant-notification-notice').last()).toContainText('密码: 密码错误');
  await page.getByTestId('share-password').fill('open-sesame');
  await page.getByTestId('share-submit').click();
  await expect(page).toHaveURL(/\/site\/overview$/);
  await expect(page.getByTestId('site-selector')).toContainText('Beta Shop');
});
