import type { BackOfficePages, PageLoader } from './route-types';

/**
 * Pages of the main layout, from every feature's `back-office.ts`. Their imports live here rather
 * than in the route table so the entry chunk (every first load, /login's too) does not carry their
 * preload lists; the layout imports this module, so by the time a page is wanted its loader is
 * already at hand.
 */
const modules = import.meta.glob<{ pages: BackOfficePages }>('../features/*/back-office.ts', {
  eager: true,
});

const BACK_OFFICE_PAGES: BackOfficePages = Object.assign({}, ...Object.values(modules).map((m) => m.pages));

export function backOfficePage(path: string): PageLoader {
  const page = BACK_OFFICE_PAGES[path];
  if (!page) throw new Error(`no back-office.ts of a feature exports a page for ${path}`);
  return page;
}
