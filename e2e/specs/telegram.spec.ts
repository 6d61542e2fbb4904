import { randomInt } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { botJoined, newFakeBot, privateMessage, sentTo } from '../support/telegram';

test('add a bot, see its group once Telegram reports it, bind a site and send a test report', async ({
  page,
  signIn,
}) => {
  // Two sign-ins, the deep link and Telegram's updates arriving through the poller: a long walk.
  test.setTimeout(90_000);
  const bot = await newFakeBot(`e2e_${randomInt(1e6)}_bot`);
  const chatId = -1002000000000 - randomInt(1e6);
  const title = `E2E 群 ${randomInt(1000, 9999)}`;

  await signIn('toby');
  await page.goto('/bots/botsList');
  await page.getByTestId('bot-token').fill(bot.token);
  await page.getByTestId('bot-add').click();
  const row = page.getByTestId('bots-table').locator('tr.ant-table-row', { hasText: `@${bot.username}` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('bot-status')).toHaveText('运行中');
  // The token is never rendered: only its masked form.
  const secret = bot.token.split(':')[1]!;
  expect(await page.content()).not.toContain(secret);
  await expect(row).toContainText('…');

  // The profile's one-time deep link links the Telegram account (/start <token>).
  await page.goto('/user/profile');
  await page.getByTestId('telegram-link-get').click();
  const url = await page.getByTestId('telegram-link-url').inputValue();
  expect(url).toContain(`https://t.me/${bot.username}?start=`);
  const telegramUser = { id: 700000 + randomInt(1e5), language_code: 'en' };
  await privateMessage(bot, telegramUser, `/start ${new URL(url).searchParams.get('start')}`);
  await expect
    .poll(async () => (await sentTo(telegramUser.id)).map((c) => c.params.text))
    .toContain('Your Tally account is linked.');

  await botJoined(bot, { id: chatId, title });
  await signIn('admin');
  await page.goto('/groups/groups');
  const group = page.getByTestId('groups-table').locator('tr.ant-table-row', { hasText: title });
  await expect(async () => {
    await page.reload();
    await expect(group).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(group.getByTestId('group-bot-status')).toHaveText('成员');

  await group.getByTestId('group-bind').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('bind-site').click();
  await page.locator('.ant-select-item-option').first().click();
  await dialog.getByRole('button', { name: /OK|确/ }).click();
  await expect(group.getByTestId('group-bindings').locator('.ant-tag')).toHaveCount(1);

  await group.getByTestId('group-test').click();
  await expect(page.getByText('已发送')).toBeVisible();
  await expect.poll(async () => (await sentTo(chatId)).length).toBe(1);
  expect((await sentTo(chatId))[0]!.params.text).toContain('日报');
});
