/**
 * The report pages as lazy chunks, shared by the route table and /preview (which shows the same
 * pages on the demo site), so each page is one chunk whichever way it is reached.
 */
export const reportPages = {
  overview: () => import('./overview-page'),
  all: () => import('./all-sites-page'),
  visitor: () => import('./visitor-page'),
  trend: () => import('./trend-page'),
  area: () => import('./area-page'),
  ip: () => import('./ip-page'),
  referCategory: () => import('./refer-category-page'),
  referTotal: () => import('./refer-total-page'),
  searchEngine: () => import('./search-engine-page'),
  keyword: () => import('./keyword-page'),
  contentPage: () => import('./content-page-page'),
  entryPage: () => import('./entry-page'),
  contentDomain: () => import('./content-domain-page'),
  events: () => import('./events-page'),
};

export type ReportPageName = keyof typeof reportPages;
