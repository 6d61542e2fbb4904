import { defaultAssistants, defaultSocials, matchHostList } from './host-lists.js';
import { detectSearchEngine } from './search-engines.js';

/** The referrer categories of the 来源分类 report. */
export const REFERRER_CATEGORIES = ['direct', 'search', 'social', 'external'] as const;
export type ReferrerCategory = (typeof REFERRER_CATEGORIES)[number];

export interface ReferrerInfo {
  category: ReferrerCategory;
  /** Referring host without `www.`; null for direct visits. */
  domain: string | null;
  /** Search engine, social network or AI assistant name from the vendored lists. */
  name: string | null;
  keyword: string | null;
}

const DIRECT: ReferrerInfo = { category: 'direct', domain: null, name: null, keyword: null };

function parseReferrer(referrer: string): URL | null {
  try {
    const url = new URL(referrer);
    return /^(https?|android-app):$/.test(url.protocol) && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** True when `host` is one of the site's domains or a subdomain of one: navigation inside the site. */
export function isOwnHost(host: string, siteDomains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/^www\./, '');
  return siteDomains.some((d) => {
    const own = d.toLowerCase().replace(/^www\./, '');
    return h === own || h.endsWith(`.${own}`);
  });
}

/**
 * Classifies where a visit came from. Links inside the site count as direct (Matomo does the same), so
 * moving between a site's own hosts does not show up as an external referrer. AI assistants have no
 * category of their own in the CNZZ reports: they are external, named.
 */
export function classifyReferrer(referrer: string | undefined, siteDomains: readonly string[]): ReferrerInfo {
  const url = referrer ? parseReferrer(referrer) : null;
  if (!url || isOwnHost(url.hostname, siteDomains)) return DIRECT;
  const domain = url.hostname.toLowerCase().replace(/^www\./, '');
  const search = detectSearchEngine(url);
  if (search) return { category: 'search', domain, name: search.engine, keyword: search.keyword };
  const hostAndPath = domain + url.pathname;
  // Assistants first: their entries are narrower (`x.com/i/grok`) than the social host they live on (`x.com`).
  const assistant = matchHostList(defaultAssistants(), hostAndPath);
  if (assistant) return { category: 'external', domain, name: assistant, keyword: null };
  const social = matchHostList(defaultSocials(), hostAndPath);
  if (social) return { category: 'social', domain, name: social, keyword: null };
  return { category: 'external', domain, name: null, keyword: null };
}
