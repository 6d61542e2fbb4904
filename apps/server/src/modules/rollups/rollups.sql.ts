import { TOP_PER_DAY } from '@tally/contracts';
import { IP_AS_DAILY, MONTHS_SETTLED_BEFORE } from '../../db/schema/analytics.js';

/**
 * The rollup recount. The hourly statement claims a slice of the dirty hours (skipping marks another
 * worker holds), recounts them from the raw tables and marks the local days they touch; it is atomic: a
 * failure rolls its claim back with everything else. The daily recount leases due days, recounts their
 * dimensions (in one statement, or on PGlite for busy days one dimension a statement: its only
 * connection is the one every collect batch waits for) and then clears the marks no hourly recount has
 * renewed meanwhile; a report may see one dimension of a day recounted before another. Visits of a local
 * day are found by their start time (a visit never crosses local midnight, so that is its `local_day`),
 * which the visits key indexes.
 *
 * Definitions (the recount test re-derives them independently):
 * - hourly, per UTC hour: pv, uv, ip over page views; visits, new visitors, bounces (≤ 1 page view)
 *   and duration over visits that started in the hour.
 * - daily visit dimensions (site, entry, category, ref_domain, engine, keyword, country, province,
 *   cn_province, city, device, browser, os, referrer, visitor_type) over visits of the local day;
 *   pv is their page views. The `ip` dimension is counted the same way into its own table,
 *   `rollup_daily_ip` (one row per address and day: narrower rows, see its schema).
 * - daily page dimensions (page, domain) over page views of the local day, duration from pings, and
 *   entries/exits from visits (a visit enters on its entry page and host, leaves from its exit page and
 *   host). Their ip counts the addresses page views came from, while the visit dimensions (and so the
 *   site's summary) count the address each visit started from: a visit whose address changes on the way
 *   (a phone moving from Wi-Fi to mobile data) adds one to a page's or host's ip and none to the summary.
 * - `top`: the day's TOP_PER_DAY keys of a dimension with the most visits (page dimensions: page views),
 *   ties by page views (visits), then the key in byte order; the same of the addresses. Tables over
 *   periods longer than EXACT_TABLE_DAYS read only these rows.
 */
export const VISIT_DIMS = [
  ['site', "''"],
  ['entry', 'v.entry_path'],
  ['category', 'v.ref_category'],
  ['ref_domain', 'v.ref_domain'],
  ['engine', "case when v.ref_category = 'search' then v.ref_name end"],
  ['keyword', 'v.keyword'],
  ['country', 'v.country'],
  ['province', "nullif(v.province, '')"],
  // Provinces of China alone, for the China map (ip2region also names regions of other countries).
  ['cn_province', "case when v.country = '中国' then nullif(v.province, '') end"],
  ['city', "nullif(v.city, '')"],
  ['device', 'v.device'],
  ['browser', 'v.browser'],
  ['os', 'v.os'],
  // The referring page of visits from outside (direct visits' referrers are the site's own pages).
  ['referrer', "case when v.ref_category <> 'direct' then nullif(v.referrer, '') end"],
  ['visitor_type', "case when v.is_new then 'new' else 'returning' end"],
] as const;

/**
 * The dimensions counted over page views, and the event column each is keyed by. Their days rank keys by
 * page views, every other dimension's by visits (`topRankedBy` in @tally/contracts, which reports read by).
 */
const PAGE_DIMS = [
  ['page', 'e.path'],
  ['domain', 'e.host'],
] as const;

const METRICS = 'pv, uv, ip, visits, new_visitors, bounces, duration_ms';
const DAILY_METRICS = `${METRICS}, entries, exits`;
const excluded = (cols: string) =>
  cols
    .split(', ')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');

/**
 * Text compared in byte order: the recount sorts its keys, visitors and addresses to group and count
 * them, and the database's default collation (e.g. C.UTF-8 through libc) compares each pair far more
 * slowly. Equality, and so every count, is the same under any deterministic collation.
 */
const bytes = (expr: string) => `(${expr}) collate "C"`;

const dayStart = (day: string, zone = 'd.timezone') => `(${day})::timestamp at time zone ${zone}`;

/**
 * The host of a stored page URL, as the tracker's hits store it in `events.host` (`URL.hostname`: the
 * URLs are already normalised, so the host is lower case; userinfo and port are left out).
 */
export const hostPattern = (url: string) =>
  `substring(${url} from '^[a-z][a-z0-9+.-]*://(?:[^@/?#]*@)?(\\[[^]/?#]*\\]|[^:/?#]*)')`;

/**
 * hostPattern's answer for the URL column `url`, as a lateral join that names it `h.host`. The pattern
 * costs about 11 µs a URL (a tenth of the daily recount); an http(s) URL's host is cut with string
 * functions instead (the authority ends at the first `/`, `?` or `#`, userinfo at its first `@`, the port
 * at a `:`), which gives the pattern's answer. Other URLs, and bracketed IPv6 hosts (whose colons are
 * not a port's), still go through the pattern.
 */
export const hostJoin = (url: string) => `cross join lateral (
     select case when (${url} like 'http://%' or ${url} like 'https://%') and left(a.rest, 1) <> '['
                 then split_part(a.rest, ':', 1) else ${hostPattern(url)} end as host
       from (select substr(t.authority, strpos(t.authority, '@') + 1) as rest
               from (select split_part(split_part(split_part(split_part(${url}, '://', 2), '/', 1), '?', 1), '#', 1)
                            as authority) t) a) h`;

/**
 * A site's rows in one claimed hour or day, read through the table's (site, time) key. The planner
 * cannot know how few spans a statement claims and would hash-join a scan of the whole table instead;
 * `offset 0` keeps the subquery from being merged back into such a join.
 */
const span = (
  table: 'events' | 'visits',
  alias: string,
  outer: string,
  from: string,
  to: string,
  more = '',
) => {
  const time = table === 'events' ? 'ts' : 'started_at';
  return `cross join lateral (select * from ${table} where site_id = ${outer}.site_id and ${time} >= ${from} and ${time} < ${to}${more} offset 0) ${alias}`;
};

/** Claims dirty hours, recounts them, and marks the local days they touch for the daily recount. */
export const HOURLY_SQL = `
with picked as (
  select site_id, hour from rollup_dirty order by hour limit $1 for update skip locked
),
claimed as (
  -- Marks are not unique: every mark of a picked hour goes, and each hour is recounted once. A mark
  -- committed after this statement began is not seen, so it stays and its hour is recounted next run.
  delete from rollup_dirty r
   using (select distinct site_id, hour from picked) c
   where r.site_id = c.site_id and r.hour = c.hour
  returning r.site_id, r.hour
),
hours as (
  select c.site_id, c.hour, s.timezone
    from (select distinct site_id, hour from claimed) c join sites s on s.id = c.site_id
),
days as (
  select site_id, timezone, (hour at time zone timezone)::date as day from hours
  union
  select site_id, timezone, ((hour + interval '59 minutes 59 seconds') at time zone timezone)::date from hours
),
hour_events as (
  select h.site_id, h.hour,
         count(*) as pv, count(distinct ${bytes('e.visitor')}) as uv, count(distinct ${bytes('e.ip')}) as ip
    from hours h
    ${span('events', 'e', 'h', 'h.hour', "h.hour + interval '1 hour'", " and type = 'pv'")}
   group by 1, 2
),
hour_visits as (
  select h.site_id, h.hour, count(*) as visits, count(*) filter (where v.is_new) as new_visitors,
         count(*) filter (where v.pageviews <= 1) as bounces, sum(v.duration_ms) as duration_ms
    from hours h
    ${span('visits', 'v', 'h', 'h.hour', "h.hour + interval '1 hour'")}
   group by 1, 2
),
hourly as (
  insert into rollup_hourly (site_id, hour, ${METRICS})
  select h.site_id, h.hour, coalesce(e.pv, 0), coalesce(e.uv, 0), coalesce(e.ip, 0), coalesce(v.visits, 0),
         coalesce(v.new_visitors, 0), coalesce(v.bounces, 0), coalesce(v.duration_ms, 0)
    from hours h
    left join hour_events e on e.site_id = h.site_id and e.hour = h.hour
    left join hour_visits v on v.site_id = h.site_id and v.hour = h.hour
  on conflict (site_id, hour) do update set ${excluded(METRICS)}
),
day_marks as (
  -- A day being recounted keeps its mark; the new version tells the release to leave it.
  insert into rollup_dirty_days (site_id, day) select site_id, day from days
  on conflict (site_id, day) do update set version = rollup_dirty_days.version + 1
)
select (select count(*) from picked)::int as marks, (select count(*) from hours)::int as hours`;

/** Every daily dimension: the visit dimensions, the addresses, then the two counted over page views. */
export const DAILY_DIMS: readonly string[] = [
  ...VISIT_DIMS.map(([dim]) => dim),
  'ip',
  ...PAGE_DIMS.map(([dim]) => dim),
];

/**
 * An address's HyperLogLog slot (lib/hll.ts) from its 64-bit hash `h`: the register, the hash's top 16
 * bits, times 64, plus the rank of the first 1 among its other 48 bits (49: none).
 */
const hllSlot = (h: string) =>
  `(((${h} >> 48) & 65535) << 6 | coalesce(nullif(position(B'1' in (${h}::bit(64) << 16)), 0), 49))::int`;

/**
 * Inserts the day sketches of the addresses in `source` (site_id, day, ip): per register the highest
 * slot, each as 3 bytes (register × 64 + rank, big-endian) in register order, the sparse form
 * lib/hll.ts reads. `hashtextextended` is the hash PostgreSQL keeps the same across versions (hash
 * partitions are stored by it); PGlite is PostgreSQL. The caller may append a `having` clause.
 */
export const IP_DAY_SKETCHES = (source: string) => `
  insert into rollup_ip_days (site_id, day, sketch)
  select site_id, day, string_agg(substr(int4send(slot), 2), ''::bytea order by slot)
    from (select site_id, day, max(${hllSlot('h')}) as slot
            from (select site_id, day, hashtextextended(ip, 0) as h from ${source}) a
           group by site_id, day, (h >> 48) & 65535) r
   group by site_id, day`;

/**
 * Inserts the day sets of keys (lib/key-hashes.ts) of the rows in `source` (site_id, day, dim, key): per
 * site, dimension and day the keys' `hashtextextended` (the sketches' hash) ascending, 8 bytes each. The
 * caller may append a `having` clause.
 */
export const KEY_HASHES = (source: string) => `
  insert into rollup_day_keys (site_id, dim, day, hashes)
  select site_id, dim, day, string_agg(int8send(h), ''::bytea order by h)
    from (select site_id, day, dim, hashtextextended(key, 0) as h from ${source}) k
   group by site_id, dim, day`;

/** The `ip` dimension's columns in `rollup_daily_ip`, counted as the visit dimensions are. */
const IP_METRICS = 'pv, uv, visits, new_visitors, bounces, duration_ms';

/**
 * Leases up to `$1` dirty days that are due. A day whose last recount took a second or more waits twenty
 * times that long before the next one (so a very busy day costs at most about 5% of the database's
 * time); cheaper days are due on every run. `$2` true: every dirty day is due (a recount the operator
 * asked for). A lease keeps other workers off the day while its dimensions are recounted, perhaps piece by
 * piece in statements of their own; one that outlives a crashed worker expires. Returns each day's mark
 * version (the release clears a mark only if no hourly recount has marked the day again meanwhile) and
 * its page views so far by the hourly rollups (how large a recount it is).
 */
export const CLAIM_DAYS_SQL = `
with due as (
  select d.site_id, d.day from rollup_dirty_days d
    left join rollup_day_state st on st.site_id = d.site_id and st.day = d.day
   where (d.leased_until is null or d.leased_until < now())
     and ($2::boolean or st.cost_ms is null or st.cost_ms < 1000
          or st.counted_at + st.cost_ms * 20 * interval '1 millisecond' <= now())
   order by d.day limit $1 for update of d skip locked
)
update rollup_dirty_days r set leased_until = now() + interval '30 minutes'
  from due join sites s on s.id = due.site_id
 where r.site_id = due.site_id and r.day = due.day
returning r.site_id, to_char(r.day, 'YYYY-MM-DD') as day, r.version,
  (select coalesce(sum(h.pv), 0) from rollup_hourly h
    where h.site_id = r.site_id and h.hour >= ${dayStart('r.day', 's.timezone')} and h.hour < ${dayStart('r.day + 1', 's.timezone')})::bigint as pv`;

/**
 * Whether a grouped row is among the first TOP_PER_DAY of its group `partition` in the order `order`
 * (ending in its key, so ties are broken the same way every time): the rows tables list over periods
 * longer than EXACT_TABLE_DAYS.
 */
const topOfDay = (partition: string, order: string) =>
  `row_number() over (partition by ${partition} order by ${order}) <= ${TOP_PER_DAY}`;

/** Sums of a daily row's metric columns, as bigint like the table's (a sum of bigint is numeric). */
const dailySums = DAILY_METRICS.split(', ')
  .map((m) => `sum(${m})::bigint as ${m}`)
  .join(', ');

/**
 * Deletes the leased days' rows of `table` (of the dimensions `more` names). The recount writes a day's
 * rows afresh instead of `on conflict` updates, which cost twice a plain insert per row; a key gone from
 * the raw rows goes from the day too. Its inserts wait for it through `afterClearing`.
 */
const clear = (table: string, more = 'true') => `
  delete from ${table} r using days d where r.site_id = d.site_id and r.day = d.day and ${more} returning 1`;

/**
 * A condition that holds for every row and makes the rows wait for the delete `cte`: its count is an init
 * plan, run to its end before the first row is tested. Data-modifying CTEs otherwise run in no set order,
 * and an insert before the delete would meet the old row's key.
 */
const afterClearing = (cte: string) => `(select count(*) from ${cte}) >= 0`;

/**
 * Recounts the daily rows of the dimensions `dims` for the leased days `$1` (site ids) × `$2` (days),
 * from the raw rows. All dimensions in one statement read a day's rows in one go (its visits three times
 * from the cache: the visit dimensions, the addresses and the page ends; its events once); one dimension
 * a statement bounds how long a statement runs (PGlite's only connection is held for that long).
 *
 * Each visit dimension's rows are final as grouped; only the page dimensions, counted from page views
 * and from visits' ends, are added together (a second sort of every row cost a fifth of the recount).
 * A visit's ends are grouped by URL before the host is cut from it: once per distinct URL of the day, not
 * four times per visit.
 */
export function dailyRecountSql(dims: readonly string[]): string {
  const visitDims = VISIT_DIMS.filter(([dim]) => dims.includes(dim));
  const pageDims = PAGE_DIMS.filter(([dim]) => dims.includes(dim));
  const ends = [
    ['page', 'v.entry_path', 1, 0],
    ['page', 'v.exit_path', 0, 1],
    ['domain', 'v.entry_url', 1, 0],
    ['domain', 'v.exit_url', 0, 1],
  ] as const;
  const ipRows = `
  insert into rollup_daily_ip (site_id, day, ip, ${IP_METRICS}, top)
  select d.site_id, d.day, ${bytes('v.ip')}, sum(v.pageviews), count(distinct ${bytes('v.visitor')}), count(*),
         count(*) filter (where v.is_new), count(*) filter (where v.pageviews <= 1), sum(v.duration_ms),
         ${topOfDay('d.site_id, d.day', `count(*) desc, sum(v.pageviews) desc, ${bytes('v.ip')}`)}
    from days d
    ${span('visits', 'v', 'd', dayStart('d.day'), dayStart('d.day + 1'))}
   group by 1, 2, 3
  having ${afterClearing('ip_cleared')}
  returning site_id, day, ip`;
  const visitRows = `
  select d.site_id, d.day, x.dim, x.key,
         sum(v.pageviews)::bigint as pv, count(distinct ${bytes('v.visitor')}) as uv,
         count(distinct ${bytes('v.ip')}) as ip, count(*) as visits, count(*) filter (where v.is_new) as new_visitors,
         count(*) filter (where v.pageviews <= 1) as bounces, sum(v.duration_ms)::bigint as duration_ms,
         0::bigint as entries, 0::bigint as exits,
         ${topOfDay('d.site_id, d.day, x.dim', 'count(*) desc, sum(v.pageviews) desc, x.key')} as top
    from days d
    ${span('visits', 'v', 'd', dayStart('d.day'), dayStart('d.day + 1'))}
   cross join lateral (values ${visitDims.map(([dim, expr]) => `('${dim}', ${bytes(expr)})`).join(', ')}) as x(dim, key)
   where x.key is not null
   group by 1, 2, 3, 4`;
  const pageViews = `
  select d.site_id, d.day, x.dim, x.key,
         count(*) filter (where e.type = 'pv') as pv,
         count(distinct ${bytes('e.visitor')}) filter (where e.type = 'pv') as uv,
         count(distinct ${bytes('e.ip')}) filter (where e.type = 'pv') as ip,
         count(distinct e.visit_id) filter (where e.type = 'pv') as visits,
         0 as new_visitors, 0 as bounces,
         coalesce(sum(e.duration_ms) filter (where e.type = 'ping'), 0) as duration_ms, 0 as entries, 0 as exits
    from days d
    ${span('events', 'e', 'd', dayStart('d.day'), dayStart('d.day + 1'), " and type in ('pv', 'ping')")}
   cross join lateral (values ${pageDims.map(([dim, expr]) => `('${dim}', ${bytes(expr)})`).join(', ')}) as x(dim, key)
   group by 1, 2, 3, 4`;
  const endsByUrl = `
  select d.site_id, d.day, x.dim, x.key, sum(x.entry) as entries, sum(x.exit) as exits
    from days d
    ${span('visits', 'v', 'd', dayStart('d.day'), dayStart('d.day + 1'))}
   cross join lateral (values ${ends
     .filter(([dim]) => dims.includes(dim))
     .map(([dim, expr, entry, exit]) => `('${dim}', ${bytes(expr)}, ${entry}, ${exit})`)
     .join(', ')})
        as x(dim, key, entry, exit)
   group by 1, 2, 3, 4`;
  const endRow = (key: string) =>
    `select site_id, day, dim, ${bytes(key)} as key, 0 as pv, 0 as uv, 0 as ip, 0 as visits, 0 as new_visitors,
            0 as bounces, 0 as duration_ms, entries, exits`;
  const pageEnds = `
  ${endRow('key')} from ends_by_url where dim = 'page'
  union all
  ${endRow('h.host')} from ends_by_url ${hostJoin('key')} where dim = 'domain' and h.host is not null`;
  const pageRows = `
  select site_id, day, dim, key, ${dailySums},
         ${topOfDay('site_id, day, dim', 'sum(pv) desc, sum(visits) desc, key')} as top
    from (select * from page_views union all select * from page_ends) u
   group by 1, 2, 3, 4`;
  const ctes: [string, string][] = [
    [
      'days',
      `
  select c.site_id, s.timezone, c.day
    from unnest($1::bigint[], $2::date[]) as c(site_id, day) join sites s on s.id = c.site_id`,
    ],
  ];
  // A data-modifying CTE runs whether or not the statement reads it.
  ctes.push([
    'months_marked',
    `
  insert into rollup_dirty_months (site_id, month)
  select distinct site_id, date_trunc('month', day)::date from days on conflict do nothing`,
  ]);
  if (dims.includes('ip'))
    ctes.push(
      ['ip_cleared', clear('rollup_daily_ip')],
      ['ip_rows', ipRows],
      ['sketches_cleared', clear('rollup_ip_days')],
      ['sketches', `${IP_DAY_SKETCHES('ip_rows')} having ${afterClearing('sketches_cleared')}`],
    );
  const daily: string[] = [];
  const dailyDims = [...visitDims, ...pageDims].map(([dim]) => `'${dim}'`);
  if (dailyDims.length > 0)
    ctes.push(['cleared', clear('rollup_daily', `r.dim in (${dailyDims.join(', ')})`)]);
  if (visitDims.length > 0) {
    ctes.push(['visit_rows', visitRows]);
    daily.push('visit_rows');
  }
  if (pageDims.length > 0) {
    ctes.push(
      ['page_views', pageViews],
      ['ends_by_url', endsByUrl],
      ['page_ends', pageEnds],
      ['page_rows', pageRows],
    );
    daily.push('page_rows');
  }
  // The keys written, whose day sets follow them.
  const written: string[] = [];
  if (dims.includes('ip')) written.push(`select site_id, day, 'ip' as dim, ip as key from ip_rows`);
  if (daily.length > 0) {
    ctes.push([
      'daily_rows',
      `
  insert into rollup_daily (site_id, day, dim, key, ${DAILY_METRICS}, top)
  select * from (${daily.map((name) => `select * from ${name}`).join(' union all ')}) u
   where ${afterClearing('cleared')}
  returning site_id, day, dim, key`,
    ]);
    written.push('select site_id, day, dim, key from daily_rows');
  }
  ctes.push([
    'keys_cleared',
    clear('rollup_day_keys', `r.dim in (${dims.map((dim) => `'${dim}'`).join(', ')})`),
  ]);
  const head = `with ${ctes.map(([name, sql]) => `${name} as (${sql}\n)`).join(',\n')}\n`;
  return `${head}${KEY_HASHES(`(${written.join(' union all ')}) w`)} having ${afterClearing('keys_cleared')}`;
}

/**
 * Claims up to `$1` settled months (MONTHS_SETTLED_BEFORE) whose days were recounted since their monthly
 * top rows were, and counts those rows afresh from the days' top rows (`rollup_monthly_top`): per key its
 * figures over the days it was among the day's top, and the last of them. Each dimension's days are read
 * through the top rows' partial index (site, dimension, day); atomic, like the hourly statement.
 */
export const MONTHLY_SQL = `
with picked as (
  select site_id, month from rollup_dirty_months where month < ${MONTHS_SETTLED_BEFORE}
   order by month limit $1 for update skip locked
),
claimed as (
  delete from rollup_dirty_months r using picked p where r.site_id = p.site_id and r.month = p.month
  returning r.site_id, r.month, (r.month + interval '1 month')::date as next
),
cleared as (
  delete from rollup_monthly_top r using claimed c where r.site_id = c.site_id and r.month = c.month returning 1
),
counted as (
  insert into rollup_monthly_top (site_id, dim, month, key, ${DAILY_METRICS}, last_day)
  select c.site_id, t.dim, c.month, t.key, ${dailySums}, max(t.day)
    from claimed c
   cross join lateral (
     select x.dim, r.key, r.day, ${DAILY_METRICS.split(', ')
       .map((m) => `r.${m}`)
       .join(', ')}
       from unnest(array[${DAILY_DIMS.filter((dim) => dim !== 'ip')
         .map((dim) => `'${dim}'`)
         .join(', ')}]) as x(dim)
      cross join lateral (select * from rollup_daily
                           where site_id = c.site_id and dim = x.dim and day >= c.month and day < c.next and top
                          offset 0) r
     union all
     select dim, key, day, ${DAILY_METRICS}
       from (${IP_AS_DAILY} where top) a where site_id = c.site_id and day >= c.month and day < c.next) t
   group by c.site_id, t.dim, c.month, t.key
  having ${afterClearing('cleared')}
  returning 1
)
select (select count(*) from claimed)::int as months`;

/**
 * Ends the lease of days `$1` × `$2`: a mark still at its claimed version `$3` is cleared; one marked
 * again meanwhile stays for the next run (UNLEASE_DAYS_SQL then frees it).
 */
export const CLEAR_DAYS_SQL = `
delete from rollup_dirty_days r using unnest($1::bigint[], $2::date[], $3::int[]) as c(site_id, day, version)
 where r.site_id = c.site_id and r.day = c.day and r.version = c.version`;

/** Frees the days `$1` × `$2` still marked for the next run (after CLEAR_DAYS_SQL, or after a failure). */
export const UNLEASE_DAYS_SQL = `
update rollup_dirty_days r set leased_until = null from unnest($1::bigint[], $2::date[]) as c(site_id, day)
 where r.site_id = c.site_id and r.day = c.day`;

/** Records when and how expensively days were recounted (the daily recount's pacing). */
export const DAY_STATE_SQL = `
insert into rollup_day_state (site_id, day, counted_at, cost_ms)
select site_id, day, now(), $3 from unnest($1::bigint[], $2::date[]) as c(site_id, day)
on conflict (site_id, day) do update set counted_at = excluded.counted_at, cost_ms = excluded.cost_ms`;

/**
 * Marks dirty every hour of a local date range (`$1`..`$2`, each site's own zone) that holds raw events,
 * for the sites `$3` (null: every site); returns how many. Hours without raw rows are left alone: the
 * retention setting deletes raw rows and keeps their rollups, which a recount must not zero.
 */
export const MARK_RANGE_SQL = `
with s as (
  select id, (($1::date)::timestamp at time zone timezone) as t0, (($2::date + 1)::timestamp at time zone timezone) as t1
    from sites where $3::bigint[] is null or id = any($3::bigint[])
),
marked as (
  insert into rollup_dirty (site_id, hour)
  select distinct s.id, date_trunc('hour', e.ts)
    from s cross join lateral (select ts from events where site_id = s.id and ts >= s.t0 and ts < s.t1 offset 0) e
  returning 1
)
select count(*)::int as hours from marked`;

/** Dirty marks left: hour marks, and local days waiting for their daily recount. */
export const DIRTY_COUNT_SQL = `
select (select count(*) from rollup_dirty)::int as hour_marks, (select count(*) from rollup_dirty_days)::int as days`;
