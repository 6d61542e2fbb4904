import { demoSites } from '../support/demo';
import { expect, test } from '../support/fixtures';

/** Issue 14, item 14: the site pages at phone width (375 px). */

test.use({ viewport: { width: 375, height: 740 } });

/** The shown crumb's box against the bar that clips it and the site selector beside it. */
function crumbFit() {
  const items = document.querySelectorAll('[data-testid="breadcrumb"] li');
  const last = items[items.length - 1] as HTMLElement;
  const bar = (document.querySelector('.breadcrumb-bar') as HTMLElement).getBoundingClientRect();
  const selector = (
    document.querySelector('[data-testid="site-selector"]') as HTMLElement
  ).getBoundingClientRect();
  const box = last.getBoundingClientRect();
  return {
    text: last.textContent,
    /**
     * Room the crumb has: up to the bar's edge and never under the site selector. A title too long
     * for the row moves to a row of its own under the buttons (use-crumb-row.ts), where only the bar
     * bounds it.
     */
    overrun: Math.max(
      0,
      box.right -
        (box.top < selector.bottom && selector.top < box.bottom
          ? Math.min(bar.right, selector.left)
          : bar.right),
    ),
    /** Text wider than its box is cut; it may only be cut with an ellipsis. */
    cutWithoutEllipsis:
      last.scrollWidth > last.clientWidth && getComputedStyle(last).textOverflow !== 'ellipsis',
  };
}

for (const language of ['zh', 'en'] as const) {
  test.describe(language, () => {
    test.beforeEach(async ({ context, baseURL, signIn }) => {
      await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
      await signIn('demo', { site: (await demoSites())[0] });
    });

    // The seed's titles in Chinese, their English names in English (issue 29: English means English).
    for (const [path, zh, en] of [
      ['/site/overview', '站点概况', 'Site overview'],
      ['/site/refer/search_engine', '搜索引擎', 'Search engines'],
      ['/site/visitors/ip', '访客IP', 'Visitor IPs'],
    ] as const) {
      const title = language === 'zh' ? zh : en;
      test(`the breadcrumb of ${path} is shown whole beside the site selector`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByTestId('breadcrumb')).toHaveText(title);
        await expect(page.getByTestId('site-selector')).toBeVisible();
        expect(await page.evaluate(crumbFit)).toEqual({ text: title, overrun: 0, cutWithoutEllipsis: false });
      });
    }

    test('the overview figures all fit the screen, without a sideways scroll', async ({ page }) => {
      await page.goto('/site/overview');
      const view = page.locator('.kept-page:visible');
      await expect(view.getByTestId('overview-kpis')).toBeVisible();
      // Four rows (today, yesterday, yesterday by now, predicted) of seven metrics.
      const cells = view.getByTestId('overview-kpis').locator('[data-testid^="overview-"]');
      await expect(cells).toHaveCount(28);
      for (const cell of await cells.all()) {
        const name = await cell.getAttribute('data-testid');
        const box = await cell.boundingBox();
        expect(box, `${name}`).not.toBeNull();
        expect(box!.x, `${name}`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${name}`).toBeLessThanOrEqual(375);
      }
    });
  });
}
