import { z } from 'zod';
import { siteSummarySchema } from './auth-schemas.js';
import { pageQuerySchema } from './envelope.js';
import {
  AREA_SCOPES,
  DIM_SORT_FIELDS,
  dayNumber,
  GRANULARITIES,
  type Granularity,
  MAX_HOURLY_DAYS,
  MAX_RANGE_DAYS,
  METRIC_KEYS,
  PAGE_SORT_FIELDS,
  type RangeInput,
  REFERRER_CATEGORIES,
  REPORT_RANGES,
  rangeDays,
  VISIT_SORTS,
} from './report-constants.js';
import { calendarDay, queryBoolean, storableString } from './text.js';

/**
 * The queries and answers of the site reports (reports.ts declares their calls). Apart from the calls
 * so that the report pages' first load, which needs the calls' paths and the constants
 * (report-constants.ts), does not carry them and zod with them. Every report's query names the site
 * (`site_id`, the selected site; a share-link client may leave it out) and the period.
 *
 * Definitions (the ground-truth test asserts them):
 * - A day is a local day in the site's time zone. A visit never crosses local midnight.
 * - pv: page views; visits: visits started in the period; new_visitors: visits of first-time visitors;
 *   bounce_rate: share of visits with at most one page view; avg_duration: engaged seconds per visit.
 * - uv / ip over one day: distinct visitors / addresses; over several days, the sum of each day's
 *   (a visitor counts once per day, as Baidu Tongji does).
 * - By hour: pv, uv and ip count page views in the hour; visits and their rates count visits that
 *   started in the hour.
 * - The previous period (compare) is the period of the same length that ends where this one starts.
 */
const localDate = calendarDay();

/** Query flags arrive as strings (`compare=1`, `compare=true`); an enum, so no other text gets in. */
const flag = queryBoolean.default(false);

/** What every site-scoped report takes: the site and the period. */
const rangeShape = {
  site_id: z.coerce.number().int().positive().optional(),
  /** `today`, `yesterday`, the last 7 / 30 local days ending today, or `custom` with from/to. */
  range: z.enum(REPORT_RANGES).default('today'),
  from: localDate.optional(),
  to: localDate.optional(),
  /** Also return the previous period of the same length. */
  compare: flag,
};

/** `format=csv`: the whole table (up to MAX_EXPORT_ROWS) as UTF-8 CSV with a BOM, headers in `lang`. */
const exportShape = {
  format: z.enum(['json', 'csv']).default('json'),
  lang: z.enum(['zh-CN', 'en-US']).default('zh-CN'),
};

/** Custom periods need from ≤ to and at most MAX_RANGE_DAYS days. */
function checkRange(q: RangeInput, ctx: z.RefinementCtx) {
  if (q.range !== 'custom') return;
  if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'required for a custom range' });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'required for a custom range' });
  const { from, to } = q;
  // A malformed date has its own issue already.
  if (!from || !to || !localDate.safeParse(from).success || !localDate.safeParse(to).success) return;
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'before from' });
  else if (days > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${MAX_RANGE_DAYS} days` });
}

export const rangeQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type RangeQuery = z.infer<typeof rangeQuerySchema>;

const granularityShape = { granularity: z.enum(GRANULARITIES).default('day') };

function checkGranularity(q: RangeInput & { granularity: Granularity }, ctx: z.RefinementCtx) {
  if (q.granularity === 'hour' && rangeDays(q) > MAX_HOURLY_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['granularity'],
      message: `by hour for at most ${MAX_HOURLY_DAYS} days`,
    });
}

/** Metrics of visits over a period (see the definitions above). */
export const metricsSchema = z.object({
  pv: z.number().int(),
  uv: z.number().int(),
  ip: z.number().int(),
  visits: z.number().int(),
  new_visitors: z.number().int(),
  /** 0..1, four decimals. */
  bounce_rate: z.number(),
  /** Seconds per visit, rounded. */
  avg_duration: z.number().int(),
});
export type Metrics = z.infer<typeof metricsSchema>;

/** Metrics of a page (or host) over a period. */
export const pageMetricsSchema = z.object({
  pv: z.number().int(),
  uv: z.number().int(),
  /**
   * Addresses the page's (host's) views came from. The summary beside it counts the address each visit
   * started from, so a visit whose address changes on the way (Wi-Fi to mobile data) can make a single
   * host's ip exceed the summary's.
   */
  ip: z.number().int(),
  /** Visits that viewed the page. */
  visits: z.number().int(),
  /** Visits that began on the page (host) / ended on it. */
  entries: z.number().int(),
  exits: z.number().int(),
  /** exits / pv, 0..1, four decimals. */
  exit_rate: z.number(),
  /** Engaged seconds per page view, rounded. */
  avg_time: z.number().int(),
});
export type PageMetrics = z.infer<typeof pageMetricsSchema>;

/** The period a report covers, as local dates, and the previous one when compared. */
export const periodSchema = z.object({
  from: storableString(),
  to: storableString(),
  previous_from: storableString(),
  previous_to: storableString(),
  timezone: storableString(),
});
export type Period = z.infer<typeof periodSchema>;

// ---------------------------------------------------------------- tables of one dimension

type SortValue<T extends readonly string[]> = T[number] | `-${T[number]}`;
const sortOf = <const T extends readonly string[]>(fields: T, fallback: `-${T[number]}`) =>
  z
    .enum([...fields, ...fields.map((f) => `-${f}`)] as unknown as [SortValue<T>, ...SortValue<T>[]])
    .default(fallback)
    .describe('a field, or -field for descending');

const tableShape = {
  ...rangeShape,
  ...exportShape,
  page: pageQuerySchema.shape.page,
  limit: pageQuerySchema.shape.limit,
};

/** Referrer categories, domains, pages, engines, keywords, entry pages, IPs. */
export const dimQuerySchema = z
  .object({ ...tableShape, sort: sortOf(DIM_SORT_FIELDS, '-visits') })
  .superRefine(checkRange);
export type DimQuery = z.infer<typeof dimQuerySchema>;

/** `province`: Chinese provinces (for the map); `country`: every country. */
export const areaQuerySchema = z
  .object({
    ...tableShape,
    sort: sortOf(DIM_SORT_FIELDS, '-visits'),
    scope: z.enum(AREA_SCOPES).default('province'),
  })
  .superRefine(checkRange);
export type AreaQuery = z.infer<typeof areaQuerySchema>;

/** Visited pages and domains. */
export const pageTableQuerySchema = z
  .object({ ...tableShape, sort: sortOf(PAGE_SORT_FIELDS, '-pv') })
  .superRefine(checkRange);
export type PageTableQuery = z.infer<typeof pageTableQuerySchema>;

export const dimRowSchema = metricsSchema.extend({
  /** The value of the dimension (a category, domain, URL, keyword, province, IP...). */
  key: storableString(),
  /** Share of the site's visits in the period, 0..1. */
  ratio: z.number(),
  /** The same key in the previous period (with compare). */
  previous: metricsSchema.optional(),
});
export type DimRow = z.infer<typeof dimRowSchema>;

export const ipRowSchema = dimRowSchema.extend({
  /** Country province city from the address (ip2region). */
  area: storableString(),
  /** The last local day the address visited within the period. */
  last_day: storableString(),
});
export type IpRow = z.infer<typeof ipRowSchema>;

export const pageRowSchema = pageMetricsSchema.extend({
  key: storableString(),
  /** Share of the site's page views in the period, 0..1. */
  ratio: z.number(),
  previous: pageMetricsSchema.optional(),
});
export type PageRow = z.infer<typeof pageRowSchema>;

/** A paged table with the site's totals over the period (and the previous period's, with compare). */
export function reportTableSchema<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    period: periodSchema,
    summary: metricsSchema,
    previous_summary: metricsSchema.nullable(),
    /**
     * null: the list holds every key (periods up to EXACT_TABLE_DAYS days). Over longer periods, the
     * number of keys of each day the list draws from (TOP_PER_DAY, by visits; pages and hosts by page
     * views), each key's figures summed over the days it was among them (at most the exact ones), and
     * `total` counts the listed keys.
     */
    top_per_day: z.number().int().nullable(),
  });
}
export const dimTableSchema = reportTableSchema(dimRowSchema);
export type DimTable = z.infer<typeof dimTableSchema>;
/**
 * `addresses`: over periods longer than EXACT_TABLE_DAYS (when `top_per_day` is set), how many distinct
 * addresses there were in all, estimated (HyperLogLog, standard error about 0.4 %); null when the list
 * holds every address and `total` counts them exactly.
 */
export const ipTableSchema = reportTableSchema(ipRowSchema).extend({
  addresses: z.number().int().nullable(),
});
export type IpTable = z.infer<typeof ipTableSchema>;
export const pageTableSchema = reportTableSchema(pageRowSchema);
export type PageTable = z.infer<typeof pageTableSchema>;

// ---------------------------------------------------------------- trend

export const trendQuerySchema = z
  .object({ ...rangeShape, ...exportShape, ...granularityShape })
  .superRefine(checkRange)
  .superRefine(checkGranularity);
export type TrendQuery = z.infer<typeof trendQuerySchema>;

export const trendPointSchema = z.object({
  /** `YYYY-MM-DD`, or `YYYY-MM-DD HH:00` by hour (local time). */
  key: storableString(),
  current: metricsSchema,
  /** The point at the same position of the previous period (with compare). */
  previous_key: storableString().optional(),
  previous: metricsSchema.optional(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const trendSchema = z.object({
  granularity: z.enum(GRANULARITIES),
  period: periodSchema,
  points: z.array(trendPointSchema),
  totals: metricsSchema,
  previous_totals: metricsSchema.nullable(),
});
export type Trend = z.infer<typeof trendSchema>;

// ---------------------------------------------------------------- overview

export const onlineSchema = z.object({
  /** Distinct visitors with a page view or event in the last 5 minutes. */
  visitors: z.number().int(),
  /** Page views in the last 5 minutes. */
  pageviews: z.number().int(),
  /** Server time of the count (ISO). */
  at: storableString(),
});
export type Online = z.infer<typeof onlineSchema>;

export const siteQuerySchema = z.object({ site_id: rangeShape.site_id });
export type SiteQuery = z.infer<typeof siteQuerySchema>;

/** The top lists follow `range` (default today); the KPI block and hours are always today and yesterday. */
export const overviewQuerySchema = rangeQuerySchema;
export type OverviewQuery = RangeQuery;

export const overviewSchema = z.object({
  site: siteSummarySchema.extend({ timezone: storableString() }),
  /** Local today so far. */
  today: metricsSchema,
  yesterday: metricsSchema,
  /** Yesterday's visits that began by this time of day. */
  same_time_yesterday: metricsSchema,
  /**
   * Counts scaled by yesterday's full day over yesterday by this time (today's when yesterday had
   * nothing by now); bounce rate and average duration are today's.
   */
  predicted: metricsSchema,
  /** 24 local hours, today (null after the current hour) and yesterday. */
  hours: z.array(
    z.object({ hour: z.number().int(), today: metricsSchema.nullable(), yesterday: metricsSchema }),
  ),
  period: periodSchema,
  /** The site over `range` (and the previous period with compare). */
  totals: metricsSchema,
  previous_totals: metricsSchema.nullable(),
  /** Top 10 by page views / visits over `range`. */
  top_pages: z.array(pageRowSchema),
  /** As a table's (reportTableSchema): null, or the keys per day the top lists draw from. */
  top_per_day: z.number().int().nullable(),
  top_referrers: z.array(dimRowSchema),
  /** Chinese provinces and other countries. */
  top_areas: z.array(dimRowSchema),
  /** Visits of first-time and returning visitors over `range`. */
  visitor_types: z.object({ new: metricsSchema, returning: metricsSchema }),
  online: onlineSchema,
});
export type Overview = z.infer<typeof overviewSchema>;

// ---------------------------------------------------------------- all sites

export const allQuerySchema = z
  .object({
    range: rangeShape.range,
    from: rangeShape.from,
    to: rangeShape.to,
    compare: rangeShape.compare,
    ...exportShape,
    ...granularityShape,
    page: pageQuerySchema.shape.page,
    limit: pageQuerySchema.shape.limit,
    sort: sortOf(['name', ...METRIC_KEYS] as const, '-pv'),
    group_id: z.coerce.number().int().min(0).optional(),
  })
  .superRefine(checkRange)
  .superRefine(checkGranularity);
export type AllQuery = z.infer<typeof allQuerySchema>;

export const allRowSchema = z.object({
  site: siteSummarySchema.extend({ timezone: storableString(), group_id: z.number().int().nullable() }),
  current: metricsSchema,
  previous: metricsSchema.nullable(),
});
export type AllRow = z.infer<typeof allRowSchema>;

export const allSchema = z.object({
  list: z.array(allRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Sums over every matching site (not only this page). */
  totals: metricsSchema,
  previous_totals: metricsSchema.nullable(),
  /** One chart: each point's local-date (or hour) key with every matching site's total. */
  trend: z.array(
    z.object({ key: storableString(), pv: z.number().int(), uv: z.number().int(), ip: z.number().int() }),
  ),
});
export type AllSites = z.infer<typeof allSchema>;

// ---------------------------------------------------------------- visit log

export const visitLogQuerySchema = z
  .object({
    ...rangeShape,
    ...exportShape,
    page: pageQuerySchema.shape.page,
    limit: pageQuerySchema.shape.limit,
    sort: z.enum(VISIT_SORTS).default('-started_at'),
    visitor_type: z.enum(['new', 'returning']).optional(),
    category: z.enum(REFERRER_CATEGORIES).optional(),
    ip: storableString().trim().min(1).max(64).optional(),
  })
  .superRefine(checkRange);
export type VisitLogQuery = z.infer<typeof visitLogQuerySchema>;

export const visitRowSchema = z.object({
  id: z.number().int(),
  visitor: storableString(),
  is_new: z.boolean(),
  started_at: storableString(),
  last_at: storableString(),
  ip: storableString(),
  country: storableString(),
  province: storableString(),
  city: storableString(),
  isp: storableString(),
  referrer: storableString(),
  ref_category: storableString(),
  ref_domain: storableString().nullable(),
  /** Search engine name, for search visits. */
  engine: storableString().nullable(),
  keyword: storableString().nullable(),
  entry_url: storableString(),
  exit_url: storableString(),
  pageviews: z.number().int(),
  events: z.number().int(),
  /** Engaged seconds, rounded. */
  duration: z.number().int(),
  device: storableString(),
  browser: storableString(),
  os: storableString(),
  screen: storableString(),
  language: storableString(),
});
export type VisitRow = z.infer<typeof visitRowSchema>;

export const visitLogSchema = z.object({
  list: z.array(visitRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  period: periodSchema,
});
export type VisitLog = z.infer<typeof visitLogSchema>;

export const visitPagesQuerySchema = z.object({
  site_id: rangeShape.site_id,
  id: z.coerce.number().int().positive(),
});
export type VisitPagesQuery = z.infer<typeof visitPagesQuerySchema>;

export const visitPageSchema = z.object({
  at: storableString(),
  /** `pv` page view, `ev` custom event. */
  type: z.enum(['pv', 'ev']),
  url: storableString(),
  title: storableString(),
  /** The custom event's name. */
  name: storableString().nullable(),
  /** Engaged seconds on the page (page views), rounded. */
  duration: z.number().int(),
});
export const visitPagesSchema = z.object({ list: z.array(visitPageSchema) });
export type VisitPages = z.infer<typeof visitPagesSchema>;

// ---------------------------------------------------------------- custom events

/**
 * Custom events (`tj('signup', {plan: 'pro'})`, an Umami or Plausible event, a Matomo `e_c`/`e_a`) over
 * the period, from raw events: each name with its count and distinct visitors, the day-by-day series and
 * the property breakdown of one event (`name`, else the most frequent one).
 */
export const eventsQuerySchema = z
  .object({
    ...rangeShape,
    name: storableString().trim().min(1).max(200).optional(),
    page: pageQuerySchema.shape.page,
    limit: pageQuerySchema.shape.limit,
  })
  .superRefine(checkRange);
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

const eventCountsShape = {
  /** Events stored. */
  count: z.number().int(),
  /** Distinct visitors who sent them in the period (each day of the series: in that day). */
  visitors: z.number().int(),
};

export const eventRowSchema = z.object({
  name: storableString(),
  ...eventCountsShape,
  /** Share of all custom events in the period, 0..1. */
  ratio: z.number(),
});
export type EventRow = z.infer<typeof eventRowSchema>;

export const eventsReportSchema = z.object({
  period: periodSchema,
  totals: z.object(eventCountsShape),
  /** Event names by count (descending), paged. */
  list: z.array(eventRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The event the series and the properties describe (`name`, else the top one); null without events. */
  name: storableString().nullable(),
  /** Each local day of the period: that event's count and visitors. */
  days: z.array(z.object({ key: storableString(), ...eventCountsShape })),
  /** Its properties: each key and value with the events that carried it, most frequent first (top 100). */
  props: z.array(z.object({ key: storableString(), value: storableString(), ...eventCountsShape })),
});
export type EventsReport = z.infer<typeof eventsReportSchema>;
