import { memoByString } from '../../lib/memo.js';
import type { VisitSource } from '../collect/enrichment.service.js';

/** What the source tool already knew of a visitor (Umami's session row): it replaces the parsed values. */
export type KnownVisitor = Partial<
  Pick<
    VisitSource,
    | 'browser'
    | 'browserVersion'
    | 'os'
    | 'osVersion'
    | 'device'
    | 'country'
    | 'province'
    | 'city'
    | 'screen'
    | 'language'
  >
>;

/** One row of an imported file as a Tally hit: a page view or a custom event of a visitor. */
export interface ImportHit {
  /** Line of the file (the row's key within the import, with the file's hash). */
  line: number;
  ts: Date;
  /** Namespaced by tool (`umami:<session>`, `log:<hash>`), so it never meets a collected visitor. */
  visitor: string;
  type: 'pv' | 'ev';
  url: URL;
  /** The page's path for reports (`pagePath(url)`). */
  path: string;
  title: string;
  name: string | null;
  /** JSON text of the event's properties. */
  props: string | null;
  referrer: string;
  /** The address as stored ('' when the tool kept none); `lookupIp` is the one the area comes from. */
  ip: string;
  lookupIp: string;
  userAgent: string;
  screen: string;
  language: string;
  known?: KnownVisitor;
}

/** What a format reader hands over for each data row. */
export type ImportRowResult =
  | { line: number; hit: ImportHit }
  | { line: number; skipped: true }
  | { line: number; error: string };

/** The site an import writes into, as the readers need it. */
export interface ImportSite {
  id: number;
  domains: string[];
  timezone: string;
  ignoredIps: string[];
  maskIp: boolean;
}

/** The page's path for reports, as collect stores it (SPA hash routes are part of it). */
export function pagePath(url: URL): string {
  const hashRoute = /^#!?\//.test(url.hash) ? url.hash : '';
  return (url.pathname + hashRoute).slice(0, 1024);
}

/**
 * A page's address parsed once per distinct text (a file names a few thousand pages over a million
 * rows): the URL and its report path. Throws for text that is no URL (that is not remembered).
 */
export const parsePage = memoByString((text: string) => {
  const url = new URL(text);
  return { url, path: pagePath(url) };
}, 20_000);
