import type { ReferrerCategory } from '@tally/contracts';
import { defaultAssistants, defaultSocials, matchHostList } from './host-lists.js';
import { detectSearchEngine } from './search-engines.js';

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
 * moving between a site's own hosts does not show up as an external referrer. The host the hit's own
 * page is served on is the site's too (`pageHost`), even when the domain list misses it (a mirror, a
 * CDN or preview host, a bare IP). AI assistants come first, ahead of the search list that names some
 * of them (chatgpt.com) and of the social host they may live on (`x.com/i/grok` on `x.com`). A social
 * network wins over a search engine's bare origin on the same host.
 */
export function classifyReferrer(
  referrer: string | undefined,
  siteDomains: readonly string[],
  pageHost?: string,
): ReferrerInfo {
  const url = referrer ? parseReferrer(referrer) : null;
  if (!url || isOwnHost(url.hostname, pageHost ? [...siteDomains, pageHost] : siteDomains)) return DIRECT;
  const domain = url.hostname.toLowerCase().replace(/^www\./, '');
  const hostAndPath = domain + url.pathname;
  const assistant = matchHostList(defaultAssistants(), hostAndPath);
  if (assistant) return { category: 'ai', domain, name: assistant, keyword: null };
  const search = detectSearchEngine(url);
  // A host both lists name (www.facebook.com) is a search only with a keyword or on a search path: its
  // bare origin, which is what a click from a post brings (browsers trim cross-site referrers to it),
  // is the social network, not a search with a hidden keyword. The social list is read only then.
  const bareOrigin = url.pathname === '/' && url.search === '';
  const social =
    !search || (search.keyword === null && bareOrigin) ? matchHostList(defaultSocials(), hostAndPath) : null;
  if (search && !social) return { category: 'search', domain, name: search.engine, keyword: search.keyword };
  if (social) return { category: 'social', domain, name: social, keyword: null };
  return { category: 'external', domain, name: null, keyword: null };
}
