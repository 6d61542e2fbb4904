import { demoSites } from '../support/demo';
import { chooseOption, expect, test } from '../support/fixtures';

test('switching sites in the header: 已切换至：{site}, and 预览所有 goes to /sites/select', async ({
  page,
  signIn,
}) => {
  const [first, second] = await demoSites();
  await signIn('demo', { site: first! });
  await page.goto('/site/overview');
  const view = page.locator('.kept-page:visible');
  await expect(view.getByTestId('overview-kpis')).toBeVisible();

  const selector = page.getByTestId('site-selector');
  await expect(selector).toContainText(first!.name);
  const reread = page.waitForRequest(
    (r) => r.url().includes('/report/overview') && r.url().includes(`site_id=${second!.id}`),
  );
  await chooseOption(page, selector, second!.name);
  await expect(page.locator('.ant-message')).toContainText(`已切换至：${second!.name}`);
  await reread;
  await expect(view.locator('.report-head')).toContainText(second!.name);

  await chooseOption(page, selector, '预览所有');
  await expect(page).toHaveURL(/\/sites\/select$/);
});
