import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { DEMO_SITES } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/**
 * Issue 30, items 1 and 2: a personal API key made on 个人中心, shown once, then used in Swagger UI's
 * "Authorize" → "Try it out" (the document itself loads on the browser's session cookie, as
 * API_DOCS=signed-in wants), and refused at once when revoked. `demo` owns the demo-traffic sites,
 * so a `reports:read` key has reports to read.
 */
test.describe.configure({ mode: 'serial' });

const NAME = `nightly report export ${randomInt(1000, 10_000)}`;
/** The key shown once by the first test, used by the second. */
let key = '';

const keyItem = (page: Page): Locator =>
  page.getByTestId('api-keys').getByTestId('api-key-item').filter({ hasText: NAME });

test('a key is made on 个人中心, shown once with a copy button, then listed without its secret', async ({
  page,
  context,
  baseURL,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signIn('demo');
  await page.goto('/user/profile');
  const card = page.getByTestId('api-keys');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('api-key-item').filter({ hasText: NAME })).toHaveCount(0);

  await card.getByTestId('api-key-new').click();
  const form = page.getByRole('dialog', { name: '新建 API 密钥' });
  await expect(form).toBeVisible();
  await form.getByTestId('api-key-name').fill(NAME);
  // A user's roles offer reports, sites and their own finance; never the back office.
  await expect(form.getByRole('checkbox', { name: '后台管理' })).toHaveCount(0);
  await form.getByRole('checkbox', { name: '读取报表' }).check();
  await form.getByTestId('api-key-save').click();

  const shown = page.getByRole('dialog', { name: '新的 API 密钥' });
  await expect(shown).toBeVisible();
  await expect(form).toBeHidden();
  await expect(shown).toContainText('只显示这一次');
  key = ((await shown.getByTestId('api-key-value').textContent()) ?? '').trim();
  expect(key).toMatch(/^tly_[A-Za-z0-9_-]{43}$/);
  await shown.getByTestId('api-key-copy').click();
  await expect(shown.getByTestId('api-key-copy')).toHaveText(/已复制/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  await shown.getByTestId('api-key-done').click();
  await expect(shown).toBeHidden();
  const item = keyItem(page);
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`${key.slice(0, 12)}…`);
  await expect(item).toContainText('有效');
  await expect(item).toContainText('读取报表');
  await expect(item).toContainText('从未使用');
  // Shown that once: neither the list nor a reload of the page holds the secret.
  expect(await page.content()).not.toContain(key);
  await page.reload();
  await expect(item).toBeVisible();
  expect(await page.content()).not.toContain(key);
});

test('Swagger UI authorises with the key and runs a reports call; once revoked, the call is refused', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(60_000);
  expect(key, 'the key the first test made').not.toBe('');
  await signIn('demo');
  // Signed in, the browser's x-token cookie opens the document (API_DOCS=signed-in).
  await page.goto('/api/docs');
  const reportsTag = page.locator('#operations-tag-reports');
  await expect(reportsTag).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  // The Bearer scheme's form (the XToken one sits above it); once applied, its input becomes "******".
  const bearer = page.locator('.auth-container').filter({ hasText: /ApiKey\s*\(http, Bearer\)/ });
  await expect(bearer).toHaveCount(1);
  await bearer.getByLabel('auth-bearer-value').fill(key);
  await bearer.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(bearer.getByRole('heading', { name: 'Authorized' })).toBeVisible();
  await expect(bearer.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
  await bearer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('.modal-ux')).toHaveCount(0);

  // GET /report/all (operationId reports.all): the owner's sites with their figures, no parameters needed.
  await reportsTag.click();
  const call = page
    .locator('.opblock.opblock-get')
    .filter({ has: page.locator('.opblock-summary-operation-id', { hasText: /^reports\.all$/ }) });
  await expect(call).toHaveCount(1);
  await call.locator('.opblock-summary-control').click();
  await call.getByRole('button', { name: 'Try it out' }).click();
  await call.getByRole('button', { name: 'Execute' }).click();

  const status = call.locator('.live-responses-table tr.response .response-col_status');
  const body = call
    .locator('.live-responses-table tr.response .response-col_description .microlight')
    .first();
  await expect(status).toHaveText('200', { timeout: 15_000 });
  await expect(body).toContainText('"code": 200');
  await expect(body).toContainText(DEMO_SITES[0]);
  // Sent as the key, not as the session: the request Swagger UI shows carries it as a Bearer credential.
  await expect(call.locator('.curl-command')).toContainText(`Authorization: Bearer ${key}`);

  // Revoked on 个人中心 in another tab, after its confirmation; the card shows the use just made.
  const profile = await context.newPage();
  await profile.goto('/user/profile');
  const item = keyItem(profile);
  await expect(item).toContainText('最后使用');
  await item.getByTestId('api-key-revoke').click();
  const confirm = profile.locator('.ant-popconfirm:visible');
  await expect(confirm).toHaveCount(1);
  await expect(confirm).toContainText(NAME);
  await expect(confirm).not.toHaveClass(/-(appear|enter|leave)\b/);
  await confirm.getByRole('button', { name: /撤\s?销/ }).click();
  await expect(profile.getByText('密钥已撤销')).toBeVisible();
  await expect(item).toContainText('已撤销');
  await expect(item.getByTestId('api-key-revoke')).toHaveCount(0);
  await profile.close();

  // The same call again in Swagger UI: refused at once (nothing cached), HTTP 401.
  await call.getByRole('button', { name: 'Clear' }).click();
  await expect(status).toHaveCount(0);
  await call.getByRole('button', { name: 'Execute' }).click();
  await expect(status).toHaveText('401', { timeout: 15_000 });
  await expect(body).toContainText('"error": "UNAUTHENTICATED"');
  await expect(body).not.toContainText(DEMO_SITES[0]);
});
