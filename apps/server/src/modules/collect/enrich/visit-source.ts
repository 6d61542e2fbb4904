import type { ReferrerCategory } from '@tally/contracts';
import { lookupArea } from '../../../lib/ip-area.js';
import { memoByString } from '../../../lib/memo.js';
import type { VisitSource } from '../visits.js';
import { classifyReferrer } from './referrer.js';
import { parseUserAgent } from './user-agent.js';
import { parseUtm } from './utm.js';

export interface VisitSourceInput {
  pageUrl: URL;
  path: string;
  referrer: string;
  siteDomains: readonly string[];
  /** Full address: the area lookup needs it even when the stored IP is masked. */
  ip: string;
  storedIp: string;
  userAgent: string;
  screen: string;
  language: string;
}

/** Loads every enrichment table (the first real hit would otherwise pay for it). */
export function warmEnrichment(): void {
  classifyReferrer('https://www.baidu.com/s?wd=warm', []);
  classifyReferrer('https://example.org/', []);
  lookupArea('127.0.0.1');
  parseUserAgent('Mozilla/5.0');
}

/** All enrichment of a visit's opening hit: referrer, search keyword, campaign, area, browser. */
export function visitSource(input: VisitSourceInput): VisitSource {
  const ref = classifyReferrer(input.referrer, input.siteDomains, input.pageUrl.hostname);
  const utm = parseUtm(input.pageUrl);
  const area = lookupArea(input.ip);
  const ua = parseUserAgent(input.userAgent);
  return {
    entryUrl: input.pageUrl.href,
    entryPath: input.path,
    referrer: input.referrer,
    refCategory: ref.category,
    refDomain: ref.domain,
    refName: ref.name,
    keyword: ref.keyword,
    utmSource: utm.source,
    utmMedium: utm.medium,
    utmCampaign: utm.campaign,
    utmTerm: utm.term,
    utmContent: utm.content,
    ip: input.storedIp,
    ...area,
    browser: ua.browser,
    browserVersion: ua.browserVersion,
    os: ua.os,
    osVersion: ua.osVersion,
    device: ua.device,
    screen: input.screen,
    language: input.language,
  };
}

/** What is known of a request outside any site (a short-link click): area, browser, referrer. */
export interface RequestSource {
  country: string;
  province: string;
  city: string;
  refCategory: ReferrerCategory;
  refDomain: string;
  browser: string;
  os: string;
  device: string;
}

/** Outside a site the classification depends on the referrer alone; one post's link repeats it a lot. */
const classifyOutsideSite = memoByString((referrer) => classifyReferrer(referrer, []));

export function requestSource(input: { ip: string; userAgent: string; referrer: string }): RequestSource {
  const ref = classifyOutsideSite(input.referrer);
  const { country, province, city } = lookupArea(input.ip);
  const ua = parseUserAgent(input.userAgent);
  return {
    country,
    province,
    city,
    refCategory: ref.category,
    refDomain: ref.domain ?? '',
    browser: ua.browser,
    os: ua.os,
    device: ua.device,
  };
}
