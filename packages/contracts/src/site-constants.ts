/**
 * Plain values of sites without zod (sites-schemas.ts builds the schemas from them), so that the web's
 * site list and site form can import them without loading the schemas. sites.ts re-exports them.
 */
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

/**
 * Names other analytics tools' clients give a site (issue 28), so their snippets and server-side
 * clients keep working when only the host changes: an Umami website id (any string the old install
 * used, a UUID or not) and a Matomo numeric `idsite`. Each names one site across all accounts.
 */
export const SITE_ALIAS_KINDS = ['umami', 'matomo'] as const;
export type SiteAliasKind = (typeof SITE_ALIAS_KINDS)[number];

/**
 * Why the collect pipeline did not count a hit: the `x-tally-dropped` reasons of `POST /api/collect`
 * (a bot or headless browser, a prefetch, an ignored IP, Do Not Track, a ping without its visit) and
 * `disabled`, a hit for a site whose tracking is turned off (answered 400).
 */
export const HIT_DROP_REASONS = ['bot', 'prefetch', 'ip', 'dnt', 'orphan', 'disabled'] as const;
export type HitDropReason = (typeof HIT_DROP_REASONS)[number];

/** How far back `sites.firstHit` counts dropped hits. */
export const HIT_DROP_WINDOW_MINUTES = 15;
