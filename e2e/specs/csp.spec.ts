import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      seen.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`,
      );
    });
  });
  return seen;
}

test('a strict Content-Security-Policy is sent and the app and the article editor work under it', async ({
  page,
  signIn,
}) => {
  test.slow();
  const violations = await watchViolations(page);

  const login = await page.goto('/login');
  const policy = login?.headers()['content-security-policy'] ?? '';
  for (const directive of [
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "default-src 'self'",
  ]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  const api = await page.request.get('/api/v1/api2/setting/public');
  expect(api.headers()['content-security-policy']).toBe(policy);
  await expect(page.getByTestId('login-form')).toBeVisible();
  // The policy allows no inline script, so the built page must have none.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('<script');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

  // The editor writes, formats and saves an article; the reader shows it.
  await signIn('editor');
  const title = `CSP ${randomInt(10000, 99999)}`;
  await page.goto('/admin/contentcreate');
  await page.getByTestId('article-title').fill(title);
  const body = page.getByTestId('rich-text-content').getByRole('textbox');
  await body.click();
  await page.keyboard.type('普通的一段。');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('加粗的一段。');
  await page.getByTestId('article-status').getByText('已发布').click();
  await page.getByTestId('article-save').click();
  await expect(page.getByText('文章已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/contentcreate\/\d+$/);
  const id = page.url().split('/').pop();
  await page.goto(`/article/${id}`);
  const reader = page.getByTestId('article-reader');
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expect(reader.locator('strong')).toHaveText('加粗的一段。');
  expect(violations).toEqual([]);

  // The policy is enforced: an inline script injected into the page does not run.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.head.appendChild(script);
    await new Promise((r) => setTimeout(r, 100));
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.some((v) => /script-src/.test(v))).toBe(true);
});
