import type { Page } from '@playwright/test';
import { demoSites, REPORT_PAGES } from '../support/demo';
import { expect, type SessionOptions, test } from '../support/fixtures';
import { suiteState } from '../support/state';

/** The visible (kept-alive) page: hidden kept pages hold the same test ids. */
const shown = (page: Page) => page.locator('.kept-page:visible');

async function signInDemo(signIn: (name: 'demo', options: SessionOptions) => Promise<string>) {
  const [site] = await demoSites();
  await signIn('demo', { site: site! });
  return site!;
}

test.describe('every report page renders the demo traffic', () => {
  for (const report of REPORT_PAGES) {
    test(report.title, async ({ page, signIn }) => {
      await signInDemo(signIn);
      await page.goto(report.path);
      const view = shown(page);
      await expect(view.getByRole('heading', { name: report.title })).toBeVisible();
      await view.getByTestId('range-quick').getByText('最近30天').click();
      const table = view.getByTestId(report.ready);
      await expect(table).toBeVisible();
      // Rows with figures, not the empty state.
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await expect(table.locator('.ant-empty')).toHaveCount(0);
    });
  }
});

/** A local date in the demo sites' zone (the default, Asia/Shanghai), `days` before today. */
function shanghaiDay(daysAgo: number): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(at);
}

/** Clicks a day in the open range picker, paging back a month while it is not on show. */
async function pickDay(page: Page, day: string): Promise<void> {
  const panel = page.locator('.ant-picker-dropdown:visible');
  const cell = panel.locator(`td[title="${day}"]:not(.ant-picker-cell-disabled)`).first();
  for (let i = 0; i < 3 && !(await cell.isVisible()); i++)
    await panel.locator('.ant-picker-header-prev-btn').first().click();
  await cell.click();
}

interface TrendAnswer {
  granularity: string;
  period: { from: string; to: string; previous_from: string; previous_to: string };
  points: { key: string; previous?: object }[];
  previous_totals: object | null;
}

test('trend: ranges, custom dates, comparison with the previous period, hour or day', async ({
  page,
  signIn,
}) => {
  await signInDemo(signIn);
  await page.goto('/site/trend/comId');
  const view = shown(page);
  await expect(view.getByTestId('table-trend')).toBeVisible();
  const trendCall = (match: (url: URL) => boolean) =>
    page
      .waitForResponse((r) => r.url().includes('/report/trend') && match(new URL(r.url())))
      .then(async (r) => (await r.json()).data as TrendAnswer);

  let answer = trendCall((u) => u.searchParams.get('range') === '7d');
  await view.getByTestId('range-quick').getByText('最近7天').click();
  let trend = await answer;
  expect(trend.granularity).toBe('day');
  expect(trend.points).toHaveLength(7);
  expect(trend.period).toMatchObject({ from: shanghaiDay(6), to: shanghaiDay(0) });
  await expect(view.getByTestId('report-period')).toContainText(`${shanghaiDay(6)} 至 ${shanghaiDay(0)}`);
  await expect(view.getByTestId('table-trend').locator('tbody tr.ant-table-row')).toHaveCount(7);

  answer = trendCall((u) => u.searchParams.get('compare') === 'true');
  await view.getByTestId('range-compare').click();
  trend = await answer;
  expect(trend.previous_totals).not.toBeNull();
  expect(trend.period).toMatchObject({ previous_from: shanghaiDay(13), previous_to: shanghaiDay(7) });
  await expect(view.getByTestId('kpi-pv')).toContainText('上一周期');
  await expect(view.getByTestId('report-period')).toContainText(
    `上一周期：${shanghaiDay(13)} 至 ${shanghaiDay(7)}`,
  );
  await expect(view.getByTestId('table-trend').locator('.metric-previous').first()).toBeVisible();

  answer = trendCall((u) => u.searchParams.get('granularity') === 'hour');
  await view.getByTestId('range-granularity').getByText('按时').click();
  trend = await answer;
  expect(trend.granularity).toBe('hour');
  expect(trend.points).toHaveLength(7 * 24);

  const from = shanghaiDay(9);
  const to = shanghaiDay(3);
  answer = trendCall((u) => u.searchParams.get('range') === 'custom');
  await view.getByTestId('range-custom').first().click();
  await pickDay(page, from);
  await pickDay(page, to);
  trend = await answer;
  expect(trend.period).toMatchObject({ from, to });
  expect(trend.points).toHaveLength(7);

  answer = trendCall((u) => u.searchParams.get('range') === 'today');
  await view.getByTestId('range-quick').getByText('今天').click();
  trend = await answer;
  expect(trend.granularity).toBe('hour');
  expect(trend.points).toHaveLength(24);
});

test('tables sort and page on the server, export CSV, and visits open onto their pages', async ({
  page,
  signIn,
}) => {
  await signInDemo(signIn);
  await page.goto('/site/refer/keyword');
  const view = shown(page);
  await view.getByTestId('range-quick').getByText('最近30天').click();
  const table = view.getByTestId('table-keyword');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();

  const sorted = page.waitForResponse(
    (r) => r.url().includes('/report/refer/keyword') && new URL(r.url()).searchParams.get('sort') === '-pv',
  );
  await table.locator('thead th', { hasText: '浏览量(PV)' }).click();
  const { list: rows, total } = (await (await sorted).json()).data as {
    list: { pv: number }[];
    total: number;
  };
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.map((r) => r.pv)).toEqual([...rows.map((r) => r.pv)].sort((a, b) => b - a));

  const download = page.waitForEvent('download');
  await view.getByTestId('export-keyword').click();
  const file = await download;
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('浏览量(PV)');
  // The whole table, not the page: a header line and one line per row.
  expect(csv.trim().split('\n')).toHaveLength(total + 1);

  await page.goto('/site/visitor');
  const visits = view.getByTestId('table-visitor');
  const week = page.waitForResponse(
    (r) => r.url().includes('/report/visitor') && new URL(r.url()).searchParams.get('range') === '7d',
  );
  await view.getByTestId('range-quick').getByText('最近7天').click();
  expect(((await (await week).json()).data as { total: number }).total).toBeGreaterThan(20);
  const next = view.locator('.report-table .ant-pagination-next');
  await expect(next).not.toHaveClass(/disabled/);
  const second = page.waitForResponse(
    (r) => r.url().includes('/report/visitor') && new URL(r.url()).searchParams.get('page') === '2',
  );
  await next.click();
  expect((await second).ok()).toBe(true);
  await visits.locator('tbody tr.ant-table-row').first().locator('.ant-table-row-expand-icon').click();
  await expect(visits.locator('.visit-pages li').first()).toBeVisible();
});

test('the overview: today, yesterday, same time yesterday, predicted, and who is online', async ({
  page,
  signIn,
}) => {
  // Online now refreshes every 30 seconds; the test waits for one refresh.
  test.setTimeout(75_000);
  await signInDemo(signIn);
  await page.goto('/site/overview');
  const view = shown(page);
  const kpis = view.getByTestId('overview-kpis');
  for (const label of ['今日', '昨日', '昨日此时', '预计今日']) await expect(kpis).toContainText(label);
  await expect(view.getByTestId('overview-yesterday-pv')).not.toHaveText('0');
  await expect(view.getByTestId('online-count')).toHaveText(/^\d+$/);
  // Online now asks again on its own.
  await page.waitForRequest((r) => r.url().includes('/report/online'), { timeout: 40_000 });
  // Today's lists and hours are still empty in the first minutes after local midnight (today's line of
  // one hour, drawn first, has no area and is not visible); yesterday is a full day.
  await view.getByTestId('range-quick').getByText('昨天').click();
  await expect(view.getByTestId('overview-kpis')).toBeVisible();
  await expect(view.getByTestId('chart-hourly').locator('svg path:visible').first()).toBeVisible();
  await expect(view.getByTestId('top-pages').locator('.ant-list-item').first()).toBeVisible();
});

test('a site without traffic shows empty states, not zeros in a broken table', async ({ page, signIn }) => {
  const [alpha] = suiteState().sites;
  await signIn('alice', { site: { ...alpha!, domain: 'alpha.example.com' } });
  await page.goto('/site/refer/keyword');
  const view = shown(page);
  await expect(view.getByTestId('table-keyword')).toContainText('该时段暂无数据');
  await expect(view.getByTestId('kpi-pv').locator('.kpi-value')).toHaveText('0');
});

test('charts follow their box when the sidebar opens and closes', async ({ page, signIn }) => {
  await signInDemo(signIn);
  await page.goto('/site/trend/comId');
  const chart = shown(page).getByTestId('chart-trend').locator('svg');
  await expect(chart).toBeVisible();
  const before = (await chart.boundingBox())!.width;
  await page.getByTestId('hamburger').click();
  await expect.poll(async () => (await chart.boundingBox())!.width).toBeGreaterThan(before + 100);
});
