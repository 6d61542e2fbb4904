import { expect, test } from '../support/fixtures';
import { suiteState } from '../support/state';

/** Issue 14, item 11: choosing a site, and roles that have none. */

const MESSAGE = '.ant-message-notice';

test('/sites/notice does not tell a user who has sites that they have none', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/sites/notice');
  const notice = page.getByTestId('no-site-page');
  await expect(notice.getByTestId('site-form')).toBeVisible();
  await expect(notice).not.toContainText('您还没有站点');
  await expect(page.getByTestId('breadcrumb')).not.toContainText('暂无站点');
  await notice.getByTestId('notice-site-list').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const [language, switched] of [
  ['zh', '已切换至：Beta Shop'],
  ['en', 'Switched to: Beta Shop'],
] as const) {
  test(`/sites/select goes on to the page asked for and says ${switched}`, async ({
    page,
    context,
    baseURL,
    signIn,
  }) => {
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await signIn('alice');
    await page.goto('/site/visitor');
    await expect(page).toHaveURL(/\/sites\/select\?redirect=%2Fsite%2Fvisitor$/);
    await page.getByTestId('site-list').getByText('Beta Shop').click();
    await expect(page).toHaveURL(/\/site\/visitor$/);
    await expect(page.locator(MESSAGE)).toHaveText(switched);
    await expect(page.getByTestId('site-selector')).toContainText('Beta Shop');
  });
}

test('/sites/select ignores a target outside the site pages', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/sites/select?redirect=%2F%2Fevil.example%2Fsite%2F');
  await page.getByTestId('site-list').getByText('Alpha Blog').click();
  await expect(page).toHaveURL(/\/site\/overview$/);
});

test('a share-link client on /sites/select is not offered 数据总览', async ({ page }) => {
  await page.goto(`/share?token=${suiteState().shareToken}`);
  await expect(page).toHaveURL(/\/site\/overview$/);
  await page.goto('/sites/select');
  const list = page.getByTestId('site-list');
  await expect(list).toContainText('Alpha Blog');
  await expect(list).not.toContainText('数据总览');
});
