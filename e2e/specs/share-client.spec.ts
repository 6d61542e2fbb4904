import { apiContext, call, loginToken } from '../support/api';
import { demoSites } from '../support/demo';
import { expect, menuTitles, test } from '../support/fixtures';

interface ShareState {
  token: string | null;
}

/** The owner's side of a share link, through the API: this spec is about the client. */
async function share(action: 'enable' | 'revoke', password?: string): Promise<ShareState> {
  const [, site] = await demoSites();
  const ctx = await apiContext(await loginToken('demo'));
  try {
    return await call<ShareState>(ctx, 'POST', '/api/v1/api2/sites/share', {
      id: site!.id,
      action,
      password,
    });
  } finally {
    await ctx.dispose();
  }
}

test('a client opens a password-protected share link, reads the overview, and is told when the link was revoked', async ({
  page,
  context,
}) => {
  const { token } = await share('enable', 'letmein');
  expect(token).toBeTruthy();
  const [, site] = await demoSites();

  await page.goto(`/share?token=${token}`);
  // The secret leaves the address bar at once, before any password is typed.
  await expect(page).toHaveURL(/\/share$/);
  await page.getByTestId('share-password').fill('wrong password');
  await page.getByTestId('share-submit').click();
  await expect(page.locator('.ant-notification')).toContainText('请求失败(422)');
  await expect(page.getByTestId('share-password')).toBeVisible();

  await page.getByTestId('share-password').fill('letmein');
  await page.getByTestId('share-submit').click();
  await expect(page).toHaveURL(/\/site\/overview$/);
  expect(page.url()).not.toContain(token!);
  const view = page.locator('.kept-page:visible');
  await expect(view.getByTestId('overview-kpis')).toBeVisible();
  await expect(view.locator('.report-head')).toContainText(site!.name);

  // The client menu holds the site overview only; the header only a log-out button.
  expect(await menuTitles(page)).toEqual(['站点概况']);
  await expect(page.getByTestId('logout')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await page.goto('/site/trend/comId');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/site/overview');
  await expect(view.getByTestId('overview-kpis')).toBeVisible();

  await share('revoke');
  // The next call of the revoked session comes back as an invalid token. The client has no account
  // to sign in with: it is told the link ended (share-ended.spec.ts covers a reload).
  await view.getByTestId('range-quick').getByText('昨天').click();
  await expect(page).toHaveURL(/\/share\?ended=1$/);
  await expect(page.getByTestId('share-ended')).toContainText('此分享链接已失效');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('x-token');
});
