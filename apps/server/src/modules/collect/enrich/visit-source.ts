import { lookupArea } from '../../../lib/ip-area.js';
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
  const ref = classifyReferrer(input.referrer, input.siteDomains);
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
