import type { Page } from '@playwright/test';
import { apiContext, call, loginToken } from '../support/api';
import { demoSites } from '../support/demo';
import { expect, test } from '../support/fixtures';
import { saveSettings } from '../support/settings';

/** Issue 29, item 5: small breakages seen on a walk through the app. */

const PHONE = { width: 375, height: 740 };

/** Whether the breadcrumb's last crumb shows its whole text, inside the window. */
async function lastCrumb(page: Page) {
  const crumb = page.getByTestId('breadcrumb').locator('li:last-child');
  await expect(crumb).toBeVisible();
  return crumb.evaluate((li) => {
    const box = li.getBoundingClientRect();
    return {
      text: li.textContent ?? '',
      cut: li.scrollWidth > li.clientWidth + 1,
      inside: box.left >= 0 && box.right <= window.innerWidth,
    };
  });
}

for (const { language, overview, users } of [
  { language: 'zh', overview: '站点概况', users: '用户管理' },
  { language: 'en', overview: null, users: null },
]) {
  test(`(${language}) at 375px the breadcrumb shows the whole page title, beside the site selector too`, async ({
    page,
    context,
    baseURL,
    signIn,
  }) => {
    await page.setViewportSize(PHONE);
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    const [site] = await demoSites();
    await signIn('demo', { site: site! });
    await page.goto('/site/overview');
    await expect(page.getByTestId('site-selector')).toBeVisible();
    const onSite = await lastCrumb(page);
    expect(onSite.cut, JSON.stringify(onSite)).toBe(false);
    expect(onSite.inside).toBe(true);
    // English titles are the english helper's texts: only their wholeness is checked here.
    if (overview) expect(onSite.text).toBe(overview);
    expect(onSite.text.length).toBeGreaterThan(2);
    // The title took a row of its own under the buttons, which all stay in the window.
    await expect(page.getByTestId('navbar')).toHaveClass(/has-crumb-row/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await signIn('admin');
    await page.goto('/users/users');
    await expect(page.getByTestId('users-table')).toBeVisible();
    const onUsers = await lastCrumb(page);
    expect(onUsers.cut, JSON.stringify(onUsers)).toBe(false);
    if (users) expect(onUsers.text).toBe(users);
  });
}

test('at 1280px the breadcrumb stays in the navbar row', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/users/users');
  await expect(page.getByTestId('users-table')).toBeVisible();
  await expect(page.getByTestId('navbar')).not.toHaveClass(/has-crumb-row/);
  expect((await page.getByTestId('navbar').boundingBox())?.height).toBe(50);
  expect(await page.getByTestId('breadcrumb').textContent()).toContain('用户管理');
});

test('at 375px a table wider than the screen shows a shadow on the side with more columns, until scrolled there', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize(PHONE);
  await signIn('admin');
  await page.goto('/users/users');
  // antd's table element (its classes say which edge hides columns), whichever element holds the test id.
  const table = page
    .locator('.ant-table')
    .filter({ has: page.getByRole('columnheader', { name: '最后登录' }) });
  await expect(table).toHaveClass(/ant-table-fix-end-shadow-show/);
  const shadow = () =>
    table.locator('.ant-table-container').evaluate((el) => getComputedStyle(el, '::after').boxShadow);
  expect(await shadow()).toContain('rgba(0, 0, 0, 0.3)');
  await table.locator('.ant-table-content').evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(table).not.toHaveClass(/ant-table-fix-end-shadow-show/);
  await expect(table).toHaveClass(/ant-table-fix-start-shadow-show/);
});

test('用户管理 at 1280px: the last sign-in reads relative and whole, clear of the fixed actions column', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/users/users');
  // Found by the list's search: other specs' users may have pushed the admin off the first page.
  const search = page.getByTestId('users-search').locator('input');
  await search.fill('admin@example.com');
  await search.press('Enter');
  // The admin signed in moments ago (the fixture's session).
  const row = page.locator('tbody tr.ant-table-row', { hasText: 'admin@example.com' });
  const cell = row.getByTestId('users-last-login');
  await expect(cell).toContainText(/刚刚|分钟前|小时前/);
  const time = cell.locator('time');
  expect(await time.getAttribute('title')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const whole = await cell.evaluate((el) =>
    [...el.children].every((c) => c.scrollWidth <= c.clientWidth + 1),
  );
  expect(whole).toBe(true);
  const actions = await row.locator('td').last().boundingBox();
  const login = await cell.boundingBox();
  expect(login!.x + login!.width).toBeLessThanOrEqual(actions!.x);
});

test('/price: the free plan card does not repeat its name as its first line', async ({ page }) => {
  await page.goto('/price');
  const card = page.getByTestId('price-plans').locator('.plan-card').first();
  await expect(card).toBeVisible();
  const name = (await card.locator('.ant-card-head-title').textContent())?.trim();
  const first = (await card.locator('.plan-prices li').first().textContent())?.trim();
  expect(name).toBe('免费版');
  expect(first).not.toBe(name);
  expect(first).toContain('0 USDT');
});

test('a share-link client reloading /redirect/dashboard makes no call it may not make (tickets/unread)', async ({
  page,
}) => {
  const [site] = await demoSites();
  const ctx = await apiContext(await loginToken('demo'));
  const { token } = await call<{ token: string }>(ctx, 'POST', '/api/v1/api2/sites/share', {
    id: site!.id,
    action: 'enable',
  });
  try {
    await page.goto(`/share?token=${token}`);
    await expect(page).toHaveURL(/\/site\/overview$/);
    const refused: string[] = [];
    const unread: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    page.on('request', (r) => {
      if (r.url().includes('tickets/unread')) unread.push(r.url());
    });
    await page.goto('/redirect/dashboard');
    await expect(page).not.toHaveURL(/\/redirect\//);
    await page.waitForLoadState('networkidle');
    // Back on its one page, the client still makes no refused call.
    await page.goto('/site/overview');
    await expect(page.locator('.kept-page:visible').getByTestId('overview-kpis')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(unread).toEqual([]);
    expect(refused).toEqual([]);
  } finally {
    await ctx.dispose();
  }
});

test('site closed (webclose=1): an admin stays on /home and /articles; a signed-in user is sent to /beian.html', async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  await saveSettings({ webclose: 1 });
  try {
    await signIn('admin');
    await page.goto('/home');
    await expect(page.getByTestId('public-brand')).toBeVisible();
    await page.goto('/articles');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Long enough for the public settings answer and the admin check after it.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/articles$/);

    const alice = await browser.newContext({ baseURL });
    await alice.addCookies([{ name: 'x-token', value: await loginToken('alice'), url: baseURL! }]);
    const other = await alice.newPage();
    await other.goto('/home');
    await expect(other).toHaveURL(/\/beian\.html$/);
    await alice.close();
  } finally {
    await saveSettings({ webclose: 0 });
  }
});
