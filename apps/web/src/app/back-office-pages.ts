import type { PageLoader } from '../lib/route-types';

/**
 * Pages of the main layout: every feature's `pages/*-page.tsx`, as lazy loaders keyed by
 * `<feature>/pages/<name>`. Their imports live here rather than in the route table so the entry
 * chunk (every first load, /login's too) does not carry their preload lists; the layout imports
 * this module, so by the time a page is wanted its loader is already at hand.
 */
const PAGES = import.meta.glob<Awaited<ReturnType<PageLoader>>>('../features/*/pages/*-page.tsx');

export function backOfficePage(key: string): PageLoader {
  const page = PAGES[`../features/${key}.tsx`];
  if (!page) throw new Error(`no page module features/${key}.tsx`);
  return page;
}
