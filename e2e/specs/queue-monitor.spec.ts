import { expect, test } from '../support/fixtures';
import { mailRefusedOnce } from '../support/queue';

test('an admin finds a failed mail job in 队列监控, reads its error and stack, and runs it again', async ({
  page,
  signIn,
}) => {
  test.setTimeout(75_000);
  const email = await mailRefusedOnce();
  await signIn('admin');
  await page.goto('/queue/queue');
  const monitor = page.locator('.kept-page:visible').getByTestId('queue-monitor');
  await expect(monitor.getByTestId('queue-table')).toContainText('mail.send');
  await expect(monitor.getByTestId('queue-table')).toContainText('maintenance.purge');

  // The refused attempt shows as a job waiting to retry; the page refreshes by itself every 5 s.
  const waiting = monitor.getByTestId('count-mail.send-retry');
  await expect(waiting).toBeVisible({ timeout: 15_000 });
  await waiting.click();
  await expect(page).toHaveURL(/queue=mail\.send&state=retry/);
  await monitor.getByTestId('jobs-table').getByTestId('job-open').first().click();

  const drawer = page.getByTestId('job-drawer');
  await expect(drawer.getByTestId('job-error')).toContainText('Mailbox busy');
  await expect(drawer.getByTestId('job-stack')).toContainText('Error');
  await expect(drawer.getByTestId('job-state')).toHaveText('待重试');

  // Cancel it before pg-boss's own retry (10 s or more away), then run it again from the monitor.
  await drawer.getByTestId('job-cancel').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '取消任务' }).click();
  await expect(drawer.getByTestId('job-state')).toHaveText('已取消');
  // Back in line, it runs once its retry time comes (pg-boss keeps the job's start_after).
  await drawer.getByTestId('job-retry').click();
  await expect(drawer.getByTestId('job-state')).not.toHaveText('已取消');
  await expect(drawer.getByTestId('job-state')).toHaveText('已完成', { timeout: 30_000 });
  await expect(drawer.getByTestId('job-data')).toContainText('"id"');
  expect(email).toContain('refuse-once');
});

test('the monitor stops refreshing while the tab is hidden and starts again when shown', async ({
  page,
  signIn,
}) => {
  test.setTimeout(45_000);
  await signIn('admin');
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/admin/queue/queues')) calls++;
  });
  await page.goto('/queue/queue');
  await expect(page.getByTestId('queue-table')).toContainText('mail.send');
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);

  await setVisibility('hidden');
  await page.waitForTimeout(300);
  const before = calls;
  await page.waitForTimeout(6_000);
  expect(calls).toBe(before);
  await expect(page.getByText('页面隐藏时暂停刷新')).toBeVisible();

  await setVisibility('visible');
  await expect.poll(() => calls, { timeout: 8_000 }).toBeGreaterThan(before);
});

test('队列监控 is for admins only: its address shows the 404 page to an editor', async ({ page, signIn }) => {
  await signIn('editor');
  await page.goto('/queue/queue');
  await expect(page).toHaveURL(/\/404$/);
});
