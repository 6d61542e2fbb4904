/**
 * The collect area's enrichment, for areas that store hits without the live pipeline (imports):
 * the same referrer, search, campaign, area and browser rules, bot list and IP handling, so an
 * imported visit reads exactly as a collected one.
 */
export { ipMatcher, maskIp, normaliseIp } from './enrich/ip-rules.js';
export { isBotUserAgent, parseUserAgent } from './enrich/user-agent.js';
export { visitSource } from './enrich/visit-source.js';
export { VISIT_IDLE_MS, type VisitSource } from './visits.js';
