import type { Role } from './roles.js';

/**
 * The access table of seed section 6, one entry per area. The web filters its menu and routes
 * with it, and the server checks every API route against the same entries (deny by default).
 */
export const ACCESS = {
  dashboard: ['admin', 'user', 'article_editor'],
  sitesGroup: ['admin', 'user', 'article_editor'],
  profile: ['admin', 'user', 'article_editor', 'client'],
  /** Own-account actions a share-link client may not take (seed section 6: no password menu). */
  account: ['admin', 'user', 'article_editor'],
  sitesNotice: ['admin', 'user'],
  adminGroup: ['admin', 'article_editor'],
  settings: ['admin'],
  files: ['admin'],
  articles: ['admin', 'article_editor'],
  bots: ['user', 'admin', 'client'],
  users: ['admin'],
  /** The admin console: every user's numbers, so admins only (the dashboard route itself is wider). */
  console: ['admin'],
  groups: ['admin'],
  finance: ['admin'],
  orders: ['admin'],
  queue: ['admin'],
  /** 工单管理: every user's support tickets (a user's own go through `account`). */
  tickets: ['admin'],
  /** 短链管理 (the seed's shot_url calls): admins manage every link; the redirect itself is public. */
  shortLinks: ['admin'],
  /** Analytics pages; the server narrows a client session to its one site. */
  analytics: ['admin', 'user', 'article_editor', 'client'],
  /** Report calls of /site/overview (reports.ts): a share-link client reads its one site's overview. */
  siteOverview: ['admin', 'user', 'article_editor', 'client'],
  /** Every other report call (reports.ts); a client session is limited to the overview (seed section 6). */
  siteReports: ['admin', 'user', 'article_editor'],
  /** Any signed-in session. */
  session: ['admin', 'user', 'article_editor', 'client'],
} as const satisfies Record<string, readonly Role[]>;

export type AccessArea = keyof typeof ACCESS;
