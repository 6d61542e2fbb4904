import { clickMenu, expect, menuTitles, test } from '../support/fixtures';
import { suiteState } from '../support/state';

test('logout clears token, roles, tabs and sites, and the next user gets their own menu', async ({
  page,
  context,
  signIn,
}) => {
  const [alpha] = suiteState().sites;
  await signIn('alice', { site: { ...alpha!, domain: 'alpha.example.com' }, fresh: true });
  await page.goto('/site/overview');
  await clickMenu(page, '我的账号');
  await clickMenu(page, '个人中心');
  await expect(page.getByTestId('tag')).toHaveCount(3);
  const names = async () => (await context.cookies()).map((c) => c.name);
  expect(await names()).toEqual(expect.arrayContaining(['x-token', 'username', 'app_sites', 'app_site']));

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await names();
  for (const gone of ['x-token', 'username', 'app_sites', 'app_site']) expect(left, gone).not.toContain(gone);
  const tags = await page.evaluate(() => sessionStorage.getItem('tally-tags'));
  expect(tags, 'the tags store is written back, empty').not.toBeNull();
  expect(JSON.parse(tags!).state.visitedViews).toEqual([]);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=/);

  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('password123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await menuTitles(page))[0]).toBe('控制台');
  expect(
    await page.getByTestId('tag').evaluateAll((els) => els.map((el) => el.getAttribute('data-path'))),
  ).toEqual(['/dashboard']);
});

test('a client logs out with the text button', async ({ page, context }) => {
  await page.goto(`/share?token=${suiteState().shareToken}`);
  await expect(page).toHaveURL(/\/site\/overview$/);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('x-token');
});

test('a report call still on its way when a client logs out does not say the link ended', async ({
  page,
}) => {
  // Hold the overview's figures until the session is gone: the server then refuses them.
  const held: import('@playwright/test').Route[] = [];
  await page.route('**/api/**/overview*', (route) => {
    held.push(route);
  });
  await page.goto(`/share?token=${suiteState().shareToken}`);
  await expect(page).toHaveURL(/\/site\/overview$/);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  const answers = held.map((route) => page.waitForResponse((r) => r.request() === route.request()));
  for (const route of held) await route.continue();
  await Promise.all(answers);
  await expect(page.getByTestId('login-username')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a failed logout call still ends the local session but keeps the sites', async ({
  page,
  context,
  signIn,
}) => {
  await signIn('alice');
  await page.goto('/dashboard');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.route('**/api/v1/api2/user/logout', (route) => route.abort('connectionrefused'));
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('x-token');
  expect(names).toContain('app_sites');
});
