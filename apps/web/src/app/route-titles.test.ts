import { describe, expect, it } from 'vitest';
import { ROUTE_TITLES_EN, routeTitle, webTitle } from '../lib/route-title';
import type { AppRoute } from '../lib/route-types';
import { mainRoutes, siteListEntry, siteRoutes } from './route-table';

function titles(routes: readonly AppRoute[]): string[] {
  return routes.flatMap((r) => [...(r.meta?.title ? [r.meta.title] : []), ...titles(r.children ?? [])]);
}

const HAN = /\p{Script=Han}/u;

describe('route titles in English (issue 29)', () => {
  const all = titles([siteListEntry, ...mainRoutes, ...siteRoutes]);
  it('every title of the main and site tables has an English name without Chinese', () => {
    expect(all.length).toBeGreaterThan(40);
    const missing = all.filter((t) => !ROUTE_TITLES_EN[t] || HAN.test(ROUTE_TITLES_EN[t]!));
    expect(missing).toEqual([]);
  });
  it('Chinese keeps the seed label exactly; English reads the table', () => {
    for (const t of all) expect(routeTitle(t, 'zh')).toBe(t);
    expect(routeTitle('我的钱包', 'en')).toBe('My wallet');
    expect(routeTitle('工单支持', 'en')).toBe('Support');
  });
  it("the seed's default web title reads English in English; an admin's own title stays", () => {
    expect(webTitle('系统后台', 'en')).toBe('Back office');
    expect(webTitle('系统后台', 'zh')).toBe('系统后台');
    expect(webTitle('我的统计', 'en')).toBe('我的统计');
  });
});
