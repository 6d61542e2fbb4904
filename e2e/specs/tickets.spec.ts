import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../support/accounts';
import { loginToken, randomClientIp } from '../support/api';
import { expect, test } from '../support/fixtures';

/**
 * Support tickets (issue 16 §6): tina opens a ticket, an admin answers it in 工单管理, the badge in
 * tina's top bar shows the reply until she reads it, she answers, the admin closes it (confirmed).
 */
const tag = randomInt(1000, 9999);
const subject = `Site limit question ${tag}`;
const MAIL_DIR = join(import.meta.dirname, `../../.tmp/e2e-${E2E_PORT}/mail`);

const badgeCount = (page: Page) => page.getByTestId('msg-badge').locator('.ant-scroll-number');
const row = (page: Page) => page.locator('tr.ant-table-row', { hasText: subject });

test('a ticket conversation both ways, with the unread badge in the top bar', async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn('tina');
  await page.goto('/user/tickets');
  await expect(page.getByTestId('my-tickets')).toBeVisible();

  // A new ticket: the form checks the fields with the server's schema before sending.
  await page.getByTestId('ticket-new').click();
  const dialog = page.getByTestId('ticket-new-dialog');
  await dialog.getByTestId('ticket-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toHaveText('必填');
  await dialog.getByTestId('ticket-subject').fill(subject);
  await dialog.getByTestId('ticket-priority').getByText('高').click();
  await dialog.getByTestId('ticket-content').fill('How many sites does the free plan allow?\nI have three.');
  await dialog.getByTestId('ticket-submit').click();
  const conversation = page.getByTestId('ticket-conversation');
  await expect(conversation.getByTestId('ticket-messages')).toContainText('I have three.');
  await expect(conversation.getByTestId('ticket-status')).toHaveText('等待客服回复');
  await conversation.locator('.ant-drawer-close').click();
  await expect(badgeCount(page)).toHaveCount(0);

  // The admin answers in 工单管理, in a browser of its own.
  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': randomClientIp() },
  });
  await adminContext.addCookies([
    { name: 'x-token', value: await loginToken('admin'), url: baseURL! },
    { name: 'username', value: 'admin', url: baseURL! },
  ]);
  const admin = await adminContext.newPage();
  await admin.goto('/tickets/tickets');
  await admin.getByTestId('tickets-user').locator('input').fill('tina');
  await admin.getByTestId('tickets-user').locator('input').press('Enter');
  await expect(row(admin).getByTestId('ticket-status')).toHaveText('待回复');
  await expect(row(admin).locator('.ant-badge-count')).toHaveText('1');
  await row(admin).getByTestId('ticket-open').click();
  const adminView = admin.getByTestId('ticket-conversation');
  await expect(adminView.getByTestId('ticket-messages')).toContainText('I have three.');
  await adminView.getByTestId('ticket-reply-content').fill('Three sites. Upgrade for more.');
  await adminView.getByTestId('ticket-reply-send').click();
  await expect(adminView.getByTestId('ticket-status')).toHaveText('已回复');
  await expect(adminView.getByTestId('ticket-reply-content')).toHaveValue('');

  // tina's next page load shows the reply in the badge; it leads to 工单支持.
  await page.goto('/dashboard');
  await expect(badgeCount(page)).toHaveText('1');
  await page.getByTestId('msg-link').click();
  await expect(page).toHaveURL(/\/user\/tickets/);
  await expect(row(page).getByTestId('ticket-status')).toHaveText('客服已回复');
  await row(page).getByTestId('ticket-open').click();
  await expect(conversation.getByTestId('ticket-messages')).toContainText('Three sites. Upgrade for more.');
  await expect(conversation.getByTestId('ticket-messages')).toContainText('客服');
  // Reading it clears the badge at once, and after a reload too.
  await expect(badgeCount(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  await expect(badgeCount(page)).toHaveCount(0);

  // The reply reached tina by mail as well.
  await expect
    .poll(() => {
      const file = join(MAIL_DIR, 'tina@example.com.eml');
      return existsSync(file) ? readFileSync(file, 'utf8').includes('Upgrade for more.') : false;
    })
    .toBe(true);

  await conversation.getByTestId('ticket-reply-content').fill('Thanks!');
  await conversation.getByTestId('ticket-reply-send').click();
  await expect(conversation.getByTestId('ticket-status')).toHaveText('等待客服回复');

  // The admin sees the new message as unread, and closes the ticket after confirming.
  await admin.reload();
  await expect(adminView.getByTestId('ticket-messages')).toContainText('Thanks!');
  await adminView.getByTestId('ticket-close').click();
  const confirm = admin.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定关闭该工单？');
  await confirm.getByRole('button', { name: '关闭工单' }).click();
  await expect(adminView.getByTestId('ticket-status')).toHaveText('已关闭');
  await expect(adminView.getByTestId('ticket-reply-content')).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(conversation.getByTestId('ticket-closed-note')).toBeVisible();
  await expect(conversation.getByTestId('ticket-reply-content')).toHaveCount(0);
});

test('a user without tickets sees the empty state', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/user/tickets');
  await expect(page.getByTestId('tickets-user-table')).toContainText('暂无工单');
});
