import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { mailRefusedOnce } from '../support/queue';
import { screenshotSuite } from '../support/screenshots';

/** 队列监控 in both languages at 1280px and 375px (`npm run screenshots`). */
const withFailedMail = {
  before: async () => {
    await mailRefusedOnce();
    // The job fails its first attempt within a poll or two.
    await new Promise((r) => setTimeout(r, 4000));
  },
  after: async () => undefined,
};

/** The jobs table waits for the queue list (the queue in the address must be a known one). */
async function jobsShown(page: Page) {
  await expect(page.getByTestId('jobs-table').locator('tr.ant-table-row').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('queue-chart')).toHaveAttribute('data-loaded', 'yes');
}

async function openFirstJob(page: Page) {
  await jobsShown(page);
  await page.getByTestId('job-open').first().click();
  await expect(page.getByTestId('job-drawer').getByTestId('job-state')).toBeVisible();
}

screenshotSuite([
  {
    name: 'queue-monitor',
    path: '/queue/queue?queue=mail.send',
    ready: 'queue-table',
    as: 'admin',
    around: withFailedMail,
    prepare: jobsShown,
  },
  {
    name: 'queue-job-detail',
    path: '/queue/queue?queue=mail.send&state=retry',
    ready: 'queue-table',
    as: 'admin',
    around: withFailedMail,
    prepare: openFirstJob,
  },
]);
