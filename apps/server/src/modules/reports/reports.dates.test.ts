import { PREVIEW_BASE, REPORT_BASE, REPORT_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';

/** These read no period: they take no from/to, and must only not crash on them. */
const WITHOUT_DATES = [REPORT_PATHS.online, REPORT_PATHS.visitorPages];

/** Dates the regex refuses, dates it lets through that are no day, and nothing at all. */
const BAD_DATES = ['x', '2026-13-01', '2026-02-30', '', '0000-00-00', '2026-1-01', '9999-99-99'];

describe('report dates: a value that is no date is a field error, never a crash', () => {
  let t: TestApp;
  let token: string;
  let siteId: number;
  /** Every report and preview route the app has (the preview serves the same reports without login). */
  let routes: string[];

  beforeAll(async () => {
    t = await createTestApp({}, { preview: { days: 1, visitsPerDay: 2 } });
    const owner = await newOwner(t);
    token = owner.token;
    siteId = (await newSite(t, owner)).id;
    routes = [REPORT_BASE, PREVIEW_BASE]
      .flatMap((base) => Object.values(REPORT_PATHS).map((p) => `${base}${p}`))
      .filter((url) => t.app.hasRoute({ method: 'GET', url }));
  });
  afterAll(() => t.close());

  it('covers the report and preview routes', () => {
    expect(routes.filter((r) => r.startsWith(REPORT_BASE)).length).toBe(Object.keys(REPORT_PATHS).length);
    expect(routes.filter((r) => r.startsWith(PREVIEW_BASE)).length).toBeGreaterThan(10);
  });

  it('answers 422 naming the field, for from and to, on every route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const bad of BAD_DATES) {
        for (const [field, query] of [
          ['from', `range=custom&from=${bad}&to=2026-01-02`],
          ['to', `range=custom&from=2026-01-01&to=${bad}`],
          ['from', `from=${bad}`],
        ] as const) {
          const url = `${route}?site_id=${siteId}&id=1&${query}`;
          const res = await t.call('GET', url, { token: route.startsWith(REPORT_BASE) ? token : undefined });
          const takesDates = !WITHOUT_DATES.some((p) => route.endsWith(p));
          if (res.status >= 500 || (takesDates && (res.status !== 422 || !res.body.errors?.[field])))
            failures.push(`${url}: ${res.status} ${JSON.stringify(res.body.errors ?? res.body.message)}`);
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  }, 180_000);
});
