import type { BrowserContext } from '@playwright/test';
import { apiContext } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makeUser, userToken } from '../support/users';

/** A new site's dialog waits for its first hit live, through the real POST /api/collect (item 7). */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36';

/** One tracker hit, as sendBeacon posts it, from a browser with this user agent. */
async function sendHit(key: string, url: string, userAgent: string) {
  const ctx = await apiContext();
  try {
    const res = await ctx.post('/api/collect', {
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent },
      data: JSON.stringify({ s: key, t: 'pv', u: url, v: `firsthit${Date.now()}`, p: 'pv1', ti: 'Welcome' }),
    });
    return { status: res.status(), dropped: res.headers()['x-tally-dropped'] };
  } finally {
    await ctx.dispose();
  }
}

/** A fresh account, so its first site is really new. */
async function signInNewUser(context: BrowserContext, baseURL: string) {
  const user = await makeUser('firsthit');
  await context.addCookies([
    { name: 'x-token', value: await userToken(user), url: baseURL },
    { name: 'username', value: user.username, url: baseURL },
  ]);
}

for (const { language, texts } of [
  {
    language: 'zh',
    texts: {
      waiting: '正在等待首次访问',
      bot: '机器人或无头浏览器 ×1',
      received: '已收到访问，来自',
      now: '刚刚',
    },
  },
  {
    language: 'en',
    texts: {
      waiting: 'Waiting for the first visit',
      bot: 'bot or headless browser ×1',
      received: 'Received a visit from',
      now: 'just now',
    },
  },
]) {
  test(`(${language}) after adding a site, its dialog waits for the first visit, says why a hit was dropped, then where the first one came from`, async ({
    page,
    context,
    baseURL,
  }) => {
    // Four pages and a few polls of 2.5 s: can be more than the default 60 s on a busy machine.
    test.slow();
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await signInNewUser(context, baseURL!);
    await page.goto('/sites/notice');
    const form = page.getByTestId('site-form');
    await form.getByTestId('site-name').fill('First Hit');
    await form.getByTestId('site-domains').fill(`first-hit-${language}.example`);
    await form.getByTestId('site-save').click();

    const dialog = page.getByTestId('tracking-code-dialog');
    const snippet = (await dialog.getByTestId('tracking-code').textContent()) ?? '';
    const key = /data-site="([^"]+)"/.exec(snippet)?.[1];
    expect(key, snippet).toBeTruthy();
    await expect(dialog.getByTestId('first-hit-waiting')).toContainText(texts.waiting);
    await expect(dialog.getByTestId('first-hit-dropped')).toHaveCount(0);

    // A headless browser's hit is not counted; the dialog says so while it goes on waiting.
    expect(await sendHit(key!, `https://first-hit-${language}.example/`, HEADLESS)).toEqual({
      status: 202,
      dropped: 'bot',
    });
    await expect(dialog.getByTestId('first-hit-dropped')).toContainText(texts.bot);
    await expect(dialog.getByTestId('first-hit-waiting')).toBeVisible();

    // A real browser's page view turns the wait into where it came from, without a reload.
    const page1 = `https://first-hit-${language}.example/welcome?from=${language}`;
    expect((await sendHit(key!, page1, CHROME)).status).toBe(204);
    const received = dialog.getByTestId('first-hit-received');
    await expect(received).toContainText(texts.received);
    await expect(received.getByTestId('first-hit-page')).toHaveText(page1);
    await expect(received).toContainText(texts.now);

    // 访问明细 lists it at once: today's visits are read raw, not from the minute's rollup.
    await page.locator('.ant-modal-close').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/site/visitor');
    const table = page.locator('.kept-page:visible').getByTestId('table-visitor');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table).toContainText('/welcome');
  });
}
