import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Binary columns, read as Buffer (node-postgres) or Uint8Array (PGlite). */
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

export const siteGroups = pgTable(
  'site_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_groups_user_id_idx').on(t.userId)],
);

export const sites = pgTable(
  'sites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: bigint('group_id', { mode: 'number' }).references(() => siteGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    domains: text('domains').array().notNull(),
    timezone: text('timezone').notNull().default('Asia/Shanghai'),
    /** Public: it is in every page's snippet. */
    trackingKey: text('tracking_key').notNull(),
    ignoredIps: text('ignored_ips').array().notNull().default(sql`'{}'::text[]`),
    cookieless: boolean('cookieless').notNull().default(false),
    respectDnt: boolean('respect_dnt').notNull().default(false),
    maskIp: boolean('mask_ip').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    shareToken: text('share_token'),
    sharePasswordHash: text('share_password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_tracking_key_key').on(t.trackingKey),
    uniqueIndex('sites_share_token_key').on(t.shareToken),
    index('sites_user_id_idx').on(t.userId),
    index('sites_group_id_idx').on(t.groupId),
  ],
);

/**
 * Raw tables are partition-ready by month: the time column is part of every key, nothing references
 * them by foreign key, and every query bounds the time column. Sites are not foreign keys here
 * either, so a hot insert path checks no constraint and a site's rows are removed in bulk.
 */
export const visits = pgTable(
  'visits',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    visitor: text('visitor').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** The visit's date in the site's time zone: visits never cross local midnight. */
    localDay: date('local_day').notNull(),
    isNew: boolean('is_new').notNull(),
    pageviews: integer('pageviews').notNull(),
    events: integer('events').notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
    entryUrl: text('entry_url').notNull(),
    entryPath: text('entry_path').notNull(),
    exitUrl: text('exit_url').notNull(),
    exitPath: text('exit_path').notNull(),
    referrer: text('referrer').notNull(),
    refCategory: text('ref_category').notNull(),
    refDomain: text('ref_domain'),
    refName: text('ref_name'),
    keyword: text('keyword'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    ip: text('ip').notNull(),
    country: text('country').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    isp: text('isp').notNull(),
    browser: text('browser').notNull(),
    browserVersion: text('browser_version').notNull(),
    os: text('os').notNull(),
    osVersion: text('os_version').notNull(),
    device: text('device').notNull(),
    screen: text('screen').notNull(),
    language: text('language').notNull(),
    /** The import that wrote it (modules/imports); null for collected visits. */
    importId: bigint('import_id', { mode: 'number' }),
  },
  // The key leads with site and time: it serves "a site's visits in a period" without a second index.
  (t) => [
    primaryKey({ columns: [t.siteId, t.startedAt, t.id] }),
    // Only columns a visit never changes are indexed, so continuing a visit is a HOT update (no index writes).
    index('visits_site_visitor_started_idx').on(t.siteId, t.visitor, t.startedAt),
  ],
);

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    visitId: bigint('visit_id', { mode: 'number' }).notNull(),
    visitor: text('visitor').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    /** `pv` page view, `ev` custom event (outbound clicks are the event `outbound`), `ping` engagement. */
    type: text('type').notNull(),
    pageId: text('page_id').notNull(),
    url: text('url').notNull(),
    host: text('host').notNull(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    name: text('name'),
    props: jsonb('props'),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip').notNull(),
    /** The import that wrote it (modules/imports); null for collected events. */
    importId: bigint('import_id', { mode: 'number' }),
  },
  // Every index costs each insert; the key doubles as the site + time index.
  (t) => [primaryKey({ columns: [t.siteId, t.ts, t.id] }), index('events_visit_idx').on(t.visitId)],
);

const metrics = {
  pv: bigint('pv', { mode: 'number' }).notNull(),
  uv: bigint('uv', { mode: 'number' }).notNull(),
  ip: bigint('ip', { mode: 'number' }).notNull(),
  visits: bigint('visits', { mode: 'number' }).notNull(),
  newVisitors: bigint('new_visitors', { mode: 'number' }).notNull(),
  bounces: bigint('bounces', { mode: 'number' }).notNull(),
  durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
};

/** A daily or monthly row's figures: the site's, and the visits entering and leaving by its key. */
const keyMetrics = {
  ...metrics,
  entries: bigint('entries', { mode: 'number' }).notNull(),
  exits: bigint('exits', { mode: 'number' }).notNull(),
};

/** Site totals per UTC hour (reports shift by the site's zone). */
export const rollupHourly = pgTable(
  'rollup_hourly',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...metrics,
  },
  (t) => [primaryKey({ columns: [t.siteId, t.hour] })],
);

/** Per site-local day and dimension (`site`, `page`, `entry`, `domain`, `ref_domain`, …; see rollups.sql.ts). */
export const rollupDaily = pgTable(
  'rollup_daily',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    ...keyMetrics,
    /**
     * Among the day's TOP_PER_DAY keys of its dimension with the most visits (page dimensions: page
     * views): what tables list over periods longer than EXACT_TABLE_DAYS.
     */
    top: boolean('top').notNull().default(false),
  },
  // Dimension before day: a report reads one dimension over a run of days.
  (t) => [
    primaryKey({ columns: [t.siteId, t.dim, t.day, t.key] }),
    index('rollup_daily_top_idx').on(t.siteId, t.dim, t.day).where(sql`top`),
  ],
);

/**
 * The IP table's daily rows (the `ip` dimension), apart from `rollup_daily`: they were more than half its
 * rows, one per address per day, and need less than a general row. No dimension or key text, 4-byte
 * counters, no `ip` (an address's own distinct addresses on a day is always 1: the reports count its days)
 * and no entries or exits (visits dimensions have none).
 */
export const rollupDailyIp = pgTable(
  'rollup_daily_ip',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    ip: text('ip').notNull(),
    pv: integer('pv').notNull(),
    uv: integer('uv').notNull(),
    visits: integer('visits').notNull(),
    newVisitors: integer('new_visitors').notNull(),
    bounces: integer('bounces').notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
    /** Among the day's TOP_PER_DAY addresses with the most visits: what the IP table lists over long periods. */
    top: boolean('top').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.ip] }),
    index('rollup_daily_ip_top_idx').on(t.siteId, t.day).where(sql`top`),
  ],
);

/** `rollup_daily_ip` as rows of the `ip` dimension: an address counts 1 address a day, no entries or exits. */
export const IP_AS_DAILY = `select site_id, day, 'ip'::text as dim, ip as key, pv, uv, 1 as ip, visits, new_visitors,
                            bounces, duration_ms, 0 as entries, 0 as exits from rollup_daily_ip`;

/** Versions of the address sketches: a month's merged sketch is current while its days' versions are. */
export const rollupIpSketchVersion = pgSequence('rollup_ip_sketch_version');

/**
 * A HyperLogLog sketch of the addresses of a site's local day (`lib/hll.ts`, written by the daily recount):
 * the IP table's estimated number of addresses over periods longer than EXACT_TABLE_DAYS.
 */
export const rollupIpDays = pgTable(
  'rollup_ip_days',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    sketch: bytea('sketch').notNull(),
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('rollup_ip_sketch_version')`),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/**
 * The top rows of a dimension (the `ip` dimension's too) over a whole local month: per key, its figures
 * added up over the month's days it was among the day's top (`top`), and the last such day. Tables over
 * more than EXACT_TABLE_DAYS read their whole months here and only the days at either end from the daily
 * rows: a year is a dozen months' keys instead of 365 days of a hundred. Only months that ended before
 * MONTHS_SETTLED_BEFORE are kept (the current month changes with every recount); the rollups job
 * recounts a month after recounting any of its days (`rollup_dirty_months`).
 */
export const rollupMonthlyTop = pgTable(
  'rollup_monthly_top',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    dim: text('dim').notNull(),
    month: date('month').notNull(),
    key: text('key').notNull(),
    ...keyMetrics,
    lastDay: date('last_day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.dim, t.month, t.key] })],
);

/** Months of a site whose days were recounted since its monthly top rows were (see rollupMonthlyTop). */
export const rollupDirtyMonths = pgTable(
  'rollup_dirty_months',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    month: date('month').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.month] })],
);

/**
 * The first month that is not settled, in SQL: the UTC month of two days ago (every time zone's month has
 * ended once the UTC one has by two days). Settled months have monthly top rows; later ones are read by day.
 */
export const MONTHS_SETTLED_BEFORE = "date_trunc('month', (now() at time zone 'UTC')::date - 2)::date";

/**
 * The keys of a dimension on a site's local day (the `ip` dimension's addresses too) as a set of sorted
 * 64-bit hashes (`lib/key-hashes.ts`), written by the daily recount beside the day's rows: how many keys
 * a table over up to EXACT_TABLE_DAYS days lists, counted from a few bytes a key instead of grouping every
 * row of the period. A day has a set exactly when it has rows of the dimension.
 */
export const rollupDayKeys = pgTable(
  'rollup_day_keys',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    dim: text('dim').notNull(),
    day: date('day').notNull(),
    hashes: bytea('hashes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.dim, t.day] })],
);

/**
 * The days' sketches of a whole local month merged (dense), made when a report first needs them and
 * made again once any of its days' sketches changes: `days` and `version` are the count and the highest
 * version of the day sketches it was made from.
 */
export const rollupIpMonths = pgTable(
  'rollup_ip_months',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    month: date('month').notNull(),
    days: integer('days').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    sketch: bytea('sketch').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.month] })],
);

/**
 * Hours whose rollups are stale; the collect batch marks them, the rollup job recounts and clears.
 * Deliberately not unique: a unique mark made every collect batch wait (on its `on conflict`) for the
 * whole recount that was deleting the same mark. Duplicates are cleared together by the claim.
 */
export const rollupDirty = pgTable(
  'rollup_dirty',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (t) => [index('rollup_dirty_hour_site_idx').on(t.hour, t.siteId)],
);

/**
 * Local days whose daily rollups are stale, marked by the hourly recount. `version` goes up with every
 * new mark, so a recount that took a day's mark at one version leaves a newer one; `leasedUntil` keeps
 * other workers off a day while its dimensions are being recounted.
 */
export const rollupDirtyDays = pgTable(
  'rollup_dirty_days',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    version: integer('version').notNull().default(0),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/** When each day was last recounted and what it cost: busy days are recounted less often. */
export const rollupDayState = pgTable(
  'rollup_day_state',
  {
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
    costMs: integer('cost_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/** Daily salts for cookieless visitor hashes; old salts are deleted so yesterday's hashes cannot be recomputed. */
export const visitorSalts = pgTable('visitor_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

export type SiteRow = typeof sites.$inferSelect;
export type SiteGroupRow = typeof siteGroups.$inferSelect;
