/**
 * The report calls' base paths, ranges, limits, sort fields and referrer categories: plain values
 * without zod, so the web can import them without loading the schemas. reports.ts re-exports
 * everything here and declares the calls (REPORT_API, PREVIEW_API); reports-schemas.ts builds the
 * queries and answers from them.
 *
 * REPORT_BASE: the reports of the signed-in caller's sites.
 */
export const REPORT_BASE = '/api/v1/api2/report';
/** The same read-only calls on the generated demo site, without login (`/preview`). */
export const PREVIEW_BASE = '/api/v1/api2/preview';

/** `GET`: the demo site the preview reads (`siteSummary` + `timezone`), generated on first use. */
export const PREVIEW_SITE_PATH = `${PREVIEW_BASE}/site`;

export const REPORT_RANGES = ['today', 'yesterday', '7d', '30d', 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
/** Longest custom period, in days. */
export const MAX_RANGE_DAYS = 366;
/** Longest period shown by hour, in days. */
export const MAX_HOURLY_DAYS = 31;
/**
 * Tables (and the overview's top lists) hold every key over periods of up to this many days. Over
 * longer ones a table lists each day's TOP_PER_DAY keys with the most visits (pages and hosts: page
 * views), each summed over the days it was among them, so a figure is at most the exact one; the site's
 * totals stay exact, and the IP table's number of addresses is an estimate (a HyperLogLog sketch per
 * day, standard error about 0.4 %): docs/product.md, "Exact and estimated report figures".
 */
export const EXACT_TABLE_DAYS = 31;
/** Keys kept per site, day and dimension for tables over long periods (see EXACT_TABLE_DAYS). */
export const TOP_PER_DAY = 100;
/**
 * The figure a day ranks a dimension's keys by for its TOP_PER_DAY (ties by the other of the two, then
 * the key in byte order): page views for the dimensions counted over page views (pages, hosts), visits
 * for every other one and for the addresses.
 */
export const topRankedBy = (dim: string): 'pv' | 'visits' =>
  dim === 'page' || dim === 'domain' ? 'pv' : 'visits';
/** Rows of a CSV export at most. */
export const MAX_EXPORT_ROWS = 50_000;

/** `today`, `yesterday`, the last 7 / 30 days, or a custom from/to (local dates). */
export type RangeInput = { range: ReportRange; from?: string; to?: string };

/** Day number of a local date (YYYY-MM-DD), for lengths of periods. */
export const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** Length of a period in days (1 for today/yesterday), for the hourly limit. */
export function rangeDays(q: RangeInput): number {
  if (q.range === '7d') return 7;
  if (q.range === '30d') return 30;
  if (q.range === 'custom' && q.from && q.to) return dayNumber(q.to) - dayNumber(q.from) + 1;
  return 1;
}

export const GRANULARITIES = ['hour', 'day'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const METRIC_KEYS = [
  'pv',
  'uv',
  'ip',
  'visits',
  'new_visitors',
  'bounce_rate',
  'avg_duration',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** Minutes a visitor counts as online after their last hit. */
export const ONLINE_WINDOW_MINUTES = 5;

export const DIM_SORT_FIELDS = ['key', ...METRIC_KEYS] as const;
export const PAGE_SORT_FIELDS = [
  'key',
  'pv',
  'uv',
  'ip',
  'visits',
  'entries',
  'exits',
  'exit_rate',
  'avg_time',
] as const;

export const AREA_SCOPES = ['province', 'country'] as const;

/**
 * Where a visit came from (来源分类). AI assistants (ChatGPT, Doubao, Kimi, DeepSeek…) are a kind of
 * their own, ahead of the search list that names some of them.
 */
export const REFERRER_CATEGORIES = ['direct', 'search', 'ai', 'social', 'external'] as const;
export type ReferrerCategory = (typeof REFERRER_CATEGORIES)[number];

export const VISIT_SORTS = [
  '-started_at',
  'started_at',
  '-pageviews',
  'pageviews',
  '-duration',
  'duration',
] as const;
