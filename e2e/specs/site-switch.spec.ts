import { demoSites } from '../support/demo';
import { chooseOption, expect, test } from '../support/fixtures';
import { readTimeline, recordTimeline } from '../support/timeline';

const MESSAGE = '.ant-message-notice';

test('switching sites in the header: 已切换至：{site} for 3 s, and 预览所有 goes to /sites/select', async ({
  page,
  signIn,
}) => {
  const [first, second] = await demoSites();
  await signIn('demo', { site: first! });
  await recordTimeline(page, [MESSAGE]);
  await page.goto('/site/overview');
  const view = page.locator('.kept-page:visible');
  await expect(view.getByTestId('overview-kpis')).toBeVisible();

  const selector = page.getByTestId('site-selector');
  await expect(selector).toContainText(first!.name);
  const reread = page.waitForRequest(
    (r) => r.url().includes('/report/overview') && r.url().includes(`site_id=${second!.id}`),
  );
  await chooseOption(page, selector, second!.name);
  await expect(page.locator(MESSAGE)).toHaveText(`已切换至：${second!.name}`);
  await reread;
  await expect(view.locator('.report-head')).toContainText(second!.name);
  // Shown for 3000 ms (seed section 9), timed inside the page.
  await expect(page.locator(MESSAGE)).toHaveCount(0, { timeout: 10_000 });
  const { seen, gone } = await readTimeline(page);
  expect(gone[MESSAGE]! - seen[MESSAGE]!).toBeGreaterThanOrEqual(2900);

  await chooseOption(page, selector, '预览所有');
  await expect(page).toHaveURL(/\/sites\/select$/);
});
