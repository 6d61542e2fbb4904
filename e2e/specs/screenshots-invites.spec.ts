import type { Page } from '@playwright/test';
import { loginToken } from '../support/api';
import { test } from '../support/fixtures';
import { fundAndBuy, inviteInfo, registerUser, tenUsdtPlan } from '../support/invites';
import { screenshotSuite } from '../support/screenshots';

/**
 * 邀请返利 (issue 16 §5) and its settings in both languages at 1280px and 375px: one of alice's
 * invitees has paid.
 */
test.beforeAll(async () => {
  const info = await inviteInfo(await loginToken('alice'));
  if (info.commission_pending !== '0' || info.commission_credited !== '0') return;
  const invitee = await registerUser('friend', info.invite_code);
  await fundAndBuy(invitee.username, invitee.token, await tenUsdtPlan());
});

const openRecords = async (page: Page) => {
  await page.getByRole('tab').nth(1).click();
  await page.getByTestId('commissions-table').locator('tr.ant-table-row').first().waitFor();
};

screenshotSuite([
  { name: 'user-invites', path: '/user/invites', ready: 'invitees-table', as: 'alice' },
  {
    name: 'user-invites-records',
    path: '/user/invites',
    ready: 'invitees-table',
    as: 'alice',
    prepare: openRecords,
  },
  // The commission settings (rate, delay, moving to the balance) live on the finance tab.
  {
    name: 'setting-finance',
    path: '/admin/setting?tab=finance',
    ready: 'settings-form-finance',
    as: 'admin',
  },
]);
