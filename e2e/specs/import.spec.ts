import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiContext, call } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makeUser, userToken } from '../support/users';

/**
 * The import panel (导入历史, /sites/import, issue 28 item 7): a small Umami export — website_event
 * and session CSVs with the columns of Umami's prisma/schema.prisma — uploaded from the site list's row
 * action, followed to 100 %, and its visits found in 访问明细.
 */
const SHOTS = process.env.SHOTS_DIR;
const EVENT_HEADER =
  'event_id,website_id,session_id,visit_id,created_at,url_path,url_query,utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_path,referrer_query,referrer_domain,page_title,gclid,fbclid,msclkid,ttclid,li_fat_id,twclid,event_type,event_name,tag,hostname';
const SESSION_HEADER =
  'session_id,website_id,browser,os,device,screen,language,country,region,city,distinct_id,created_at';

function umamiFiles(domain: string) {
  const dir = path.join(tmpdir(), `pw-umami-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  // Within the last minute, a step 5 s apart: today in the site's zone (and in the visit log, which
  // opens on today) unless the test runs in the first minute after local midnight. An hour back was
  // yesterday from 00:00 to 01:00 Shanghai time (16:00–17:00 UTC), and the visit log showed nothing.
  const at = (step: number) => new Date(Date.now() - 60_000 + step * 5_000).toISOString();
  const row = (id: string, session: string, step: number, pathname: string, ref = '', event = '') =>
    `${id},w,${session},${session}-v,${at(step)},${pathname},,,,,,,${ref ? '/s' : ''},${ref ? 'wd=import' : ''},${ref},Page,,,,,,,${event ? 2 : 1},${event},,${domain}`;
  const events = path.join(dir, 'website_event.csv');
  writeFileSync(
    events,
    `${EVENT_HEADER}\n${row('e1', 'sess-a', 0, '/', 'www.baidu.com')}\n${row('e2', 'sess-a', 2, '/pricing')}\n${row('e3', 'sess-b', 5, '/imported-page')}\n${row('e4', 'sess-b', 6, '/imported-page', '', 'signup')}\n`,
  );
  const sessions = path.join(dir, 'session.csv');
  writeFileSync(
    sessions,
    `${SESSION_HEADER}\nsess-a,w,firefox,Linux,desktop,1920x1080,de-DE,DE,,Berlin,,2026-01-01 00:00:00+00\nsess-b,w,ios,iOS,mobile,390x844,en-US,US,,,,2026-01-01 00:00:00+00\n`,
  );
  return [events, sessions];
}

for (const language of ['zh', 'en'] as const) {
  test(`(${language}) an Umami export imported from the site list reaches 100 % and shows in the visit log`, async ({
    page,
    context,
    baseURL,
  }) => {
    // An import job runs to its end, then three more pages and eight full-page shots: on a shared
    // machine that can be more than the default 60 s.
    test.slow();
    const user = await makeUser(`import${language}`);
    const token = await userToken(user);
    const domain = `imported-${language}-${Date.now()}.example`;
    const ctx = await apiContext(token);
    const site = await call<{ id: number; name: string }>(ctx, 'POST', '/api/v1/api2/sites/save', {
      name: `Imported ${language}`,
      domains: [domain],
    });
    await ctx.dispose();
    await context.addCookies([
      { name: 'language', value: language, url: baseURL! },
      { name: 'x-token', value: token, url: baseURL! },
      { name: 'username', value: user.username, url: baseURL! },
    ]);
    await page.goto('/dashboard');
    await page.getByTestId('site-import').first().click();
    await expect(page).toHaveURL(new RegExp(`/sites/import\\?site=${site.id}`));
    await expect(page.getByText(language === 'zh' ? '导入历史' : 'Import history').first()).toBeVisible();
    await page.locator('.import-page input[type=file]').setInputFiles(umamiFiles(domain));
    await page.getByTestId('import-start').click();
    const list = page.getByTestId('import-list');
    await expect(list.getByTestId('import-status')).toHaveText(language === 'zh' ? '已完成' : 'Done', {
      timeout: 30_000,
    });
    await expect(list.getByTestId('import-progress')).toContainText('100%');
    await expect(list).toContainText('website_event.csv');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/import-${language}-${width}.png`, fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The site chosen in the list, its visit log holds the imported visits.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: `Imported ${language}` }).click();
    await page.goto('/site/visitor');
    const log = page.locator('.ant-table-tbody');
    await expect(log).toContainText('/imported-page', { timeout: 20_000 });
    // The entry page shows as its path with the full address as the link: the imported rows were
    // placed on the site's own host (the CSV's hostname column).
    await expect(log.locator(`a[href="https://${domain}/"]`)).toBeVisible();

    // 事件统计 / Events: the imported custom event, by name, day and (no) properties.
    await page.goto('/site/events');
    await expect(page.getByTestId('table-events')).toContainText('signup');
    await expect(page.getByTestId('kpi-count')).toContainText('1');
    // The event's name in the card titles is the site's own word, marked as user data.
    const byDay = language === 'zh' ? '按天：' : 'By day: ';
    const title = page.locator('.report-card .ant-card-head-title', { hasText: byDay });
    await expect(title).toHaveText(`${byDay}signup`);
    await expect(title.locator('[data-user-content]')).toHaveText('signup');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/events-${language}-${width}.png`, fullPage: true });
    }
  });
}
