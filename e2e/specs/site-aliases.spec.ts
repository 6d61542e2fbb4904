import { mkdirSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { makeUser, userToken } from '../support/users';

/**
 * The site form's 来自其他统计工具 / Moving from another tool section (issue 28 item 4): Umami website
 * ids and a Matomo idsite saved with the site, checked as the server checks them, and a taken alias
 * refused on its field.
 */

const SHOTS = process.env.SHOTS_DIR;

async function signInNewUser(context: BrowserContext, baseURL: string, prefix: string) {
  const user = await makeUser(prefix);
  await context.addCookies([
    { name: 'x-token', value: await userToken(user), url: baseURL },
    { name: 'username', value: user.username, url: baseURL },
  ]);
}

for (const { language, texts } of [
  {
    language: 'zh',
    texts: {
      section: '来自其他统计工具',
      umami: 'Umami 网站 ID',
      matomo: 'Matomo 站点 ID',
      bad: '不是有效的 Matomo 站点 ID',
      taken: '已被其他站点使用',
    },
  },
  {
    language: 'en',
    texts: {
      section: 'Moving from another tool',
      umami: 'Umami website IDs',
      matomo: 'Matomo site ID',
      bad: 'not a valid Matomo site id',
      taken: 'already used by another site',
    },
  },
]) {
  test(`(${language}) a site answers to Umami and Matomo ids set on its form; a taken id is refused`, async ({
    page,
    context,
    baseURL,
  }) => {
    const suffix = `${language}${Date.now()}`;
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await signInNewUser(context, baseURL!, `alias${language}`);
    await page.goto('/sites/notice');
    const form = page.getByTestId('site-form');
    await form.getByTestId('site-name').fill('Moving');
    await form.getByTestId('site-domains').fill(`moving-${suffix}.example`);
    await form.getByText(texts.section).click();
    await expect(form.getByText(texts.umami, { exact: true })).toBeVisible();
    await form.getByTestId('site-umami-ids').fill(`umami-${suffix}\n94db1cb1-${suffix}`);
    await form.getByTestId('site-matomo-id').fill('abc');
    await expect(form).toContainText(texts.bad);
    const matomoId = String(Date.now() % 1_000_000_000);
    await form.getByTestId('site-matomo-id').fill(matomoId);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/site-form-${language}-${width}.png`, fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByTestId('site-save').click();
    await expect(page.getByTestId('tracking-code')).toBeVisible();

    // A second account may not claim the same Matomo idsite: the field says why.
    await context.clearCookies();
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await signInNewUser(context, baseURL!, `alias2${language}`);
    await page.goto('/sites/notice');
    const second = page.getByTestId('site-form');
    await second.getByTestId('site-name').fill('Copycat');
    await second.getByTestId('site-domains').fill(`copycat-${suffix}.example`);
    await second.getByText(texts.section).click();
    await second.getByTestId('site-matomo-id').fill(matomoId);
    await second.getByTestId('site-save').click();
    await expect(page.getByText(texts.taken).first()).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/site-form-taken-${language}.png`, fullPage: true });
    await expect(page.getByTestId('tracking-code')).toHaveCount(0);
  });
}
