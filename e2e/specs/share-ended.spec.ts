import { apiContext, call, loginToken } from '../support/api';
import { demoSites } from '../support/demo';
import { expect, test } from '../support/fixtures';
import { suiteState } from '../support/state';

/** Issue 14, item 12: what a share-link client may do on /user/profile, and a link that ended. */

test('a share-link client has no change-password form on /user/profile', async ({ page }) => {
  await page.goto(`/share?token=${suiteState().shareToken}`);
  await expect(page).toHaveURL(/\/site\/overview$/);
  await page.goto('/user/profile');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page.getByTestId('password-form')).toHaveCount(0);
});

/** The owner of demo's first site rotates or revokes its share link, through the API. */
async function share(action: 'enable' | 'rotate' | 'revoke'): Promise<string | null> {
  const [site] = await demoSites();
  const ctx = await apiContext(await loginToken('demo'));
  try {
    const state = await call<{ token: string | null }>(ctx, 'POST', '/api/v1/api2/sites/share', {
      id: site!.id,
      action,
    });
    return state.token;
  } finally {
    await ctx.dispose();
  }
}

const ENDED = {
  zh: ['此分享链接已失效', '请联系站点的所有者获取新的链接'],
  en: ['This share link is no longer valid', "Ask the site's owner for a new link"],
} as const;

for (const language of ['zh', 'en'] as const) {
  test(`a client whose link was rotated is told, on reload, that it ended (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    const token = await share('enable');
    await page.goto(`/share?token=${token}`);
    await expect(page).toHaveURL(/\/site\/overview$/);
    await expect(page.locator('.kept-page:visible').getByTestId('overview-kpis')).toBeVisible();

    await share('rotate');
    await page.reload();
    const ended = page.getByTestId('share-ended');
    for (const text of ENDED[language]) await expect(ended).toContainText(text);
    await expect(page).not.toHaveURL(/\/login/);
    // The seed's sign-in failure text is for accounts; a client has none to sign in with.
    await expect(page.getByText('Verification failed')).toHaveCount(0);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('x-token');
    await share('revoke');
  });
}

test('after a share session ended, an account that signs in is sent to /login again when its token fails', async ({
  page,
  context,
  baseURL,
}) => {
  const token = await share('enable');
  await page.goto(`/share?token=${token}`);
  await expect(page).toHaveURL(/\/site\/overview$/);
  await share('revoke');
  await page.reload();
  await expect(page.getByTestId('share-ended')).toBeVisible();

  await page.goto('/login');
  await page.getByTestId('login-username').fill('alice');
  await page.getByTestId('login-password').fill('password123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A broken account session still ends at /login, not at the share-link page.
  await context.addCookies([{ name: 'x-token', value: 'expired-token-of-an-account', url: baseURL! }]);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login/);
});
