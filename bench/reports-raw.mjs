// The reports benchmark's baseline: the numbers of the 30-day overview, trend and visit log computed by
// GROUP BY over the raw events (and visits for what only a visit knows), as a product without rollups would.
// Queries of one report run in parallel on a pool, as the API runs its own.

const BOUNDS = `site_id = $1 and ts >= ($2::date::timestamp at time zone $4) and ts < (($3::date + 1)::timestamp at time zone $4)`;
const VISIT_BOUNDS = `site_id = $1 and started_at >= ($2::date::timestamp at time zone $4)
  and started_at < (($3::date + 1)::timestamp at time zone $4)`;

/** Per visit from its events, then per local day: the trend's figures. */
const TREND_SQL = `
with per_visit as (
  select visit_id, min(ts) as first_ts, count(*) filter (where type = 'pv') as pvs,
         coalesce(sum(duration_ms) filter (where type = 'ping'), 0) as dur, min(visitor) as visitor, min(ip) as ip
    from events where ${BOUNDS} group by visit_id
)
select to_char((e.first_ts at time zone $4)::date, 'YYYY-MM-DD') as day, sum(e.pvs)::int as pv,
       count(distinct e.visitor)::int as uv, count(distinct e.ip)::int as ip, count(*)::int as visits,
       count(*) filter (where v.is_new)::int as new_visitors, count(*) filter (where e.pvs <= 1)::int as bounces,
       sum(e.dur)::float8 as duration_ms
  from per_visit e join visits v on v.id = e.visit_id and v.${VISIT_BOUNDS}
 group by 1 order by 1`;

const TOP_PAGES_SQL = `
select path, sum(pv)::int as pv, sum(uv)::int as uv, sum(ip)::int as ip, sum(visits)::int as visits, sum(dur)::float8 as dur
  from (select path, (ts at time zone $4)::date as d, count(*) filter (where type = 'pv') as pv,
               count(distinct visitor) filter (where type = 'pv') as uv, count(distinct ip) filter (where type = 'pv') as ip,
               count(distinct visit_id) filter (where type = 'pv') as visits,
               coalesce(sum(duration_ms) filter (where type = 'ping'), 0) as dur
          from events where ${BOUNDS} group by 1, 2) x
 group by path order by pv desc, path limit 10`;

const visitDimSql = (expr) => `
select key, sum(visits)::int as visits, sum(pv)::int as pv, sum(uv)::int as uv
  from (select ${expr} as key, local_day, count(*) as visits, sum(pageviews) as pv, count(distinct visitor) as uv
          from visits where ${VISIT_BOUNDS} group by 1, 2) x
 where key is not null group by key order by visits desc, key limit 10`;

const HOURS_SQL = `
select date_trunc('hour', ts) as hour, count(*) filter (where type = 'pv') as pv, count(distinct visitor) as uv
  from events where site_id = $1 and ts >= ($2::date::timestamp at time zone $3) and type = 'pv' group by 1`;

const SPAN_SQL = `
select count(*) as visits, sum(pageviews) as pv, count(distinct visitor) as uv, count(distinct ip) as ip
  from visits where site_id = $1 and started_at >= $2 and started_at < $3`;

const LOG_SQL = `
select visit_id, min(ts) as started, count(*) filter (where type = 'pv') as pageviews,
       sum(duration_ms) filter (where type = 'ping') as dur, min(ip) as ip, min(visitor) as visitor
  from events where ${BOUNDS} group by visit_id order by started desc limit 20 offset $5`;

const rows = async (pool, sql, params) => (await pool.query(sql, params)).rows;

function eachDay(from, to) {
  const out = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export const RAW = {
  async trend(pool, { siteId, from, to, timezone }) {
    const byDay = new Map((await rows(pool, TREND_SQL, [siteId, from, to, timezone])).map((r) => [r.day, r]));
    return eachDay(from, to).map((day) => byDay.get(day) ?? { day, pv: 0, uv: 0, ip: 0, visits: 0 });
  },

  async overview(pool, args) {
    const { siteId, from, to, timezone, now } = args;
    const params = [siteId, from, to, timezone];
    // The benchmark's zone is Asia/Shanghai (UTC+8, no daylight saving).
    const midnight = new Date(`${to}T00:00:00+08:00`);
    const yesterday = new Date(midnight.getTime() - 86_400_000);
    const sameTime = new Date(yesterday.getTime() + (now.getTime() - midnight.getTime()));
    const fiveMinutes = new Date(now.getTime() - 300_000);
    return Promise.all([
      RAW.trend(pool, args),
      rows(pool, TOP_PAGES_SQL, params),
      rows(pool, visitDimSql('ref_domain'), params),
      rows(pool, visitDimSql("case when country = '中国' then nullif(province, '') end"), params),
      rows(pool, visitDimSql('country'), params),
      rows(pool, visitDimSql("case when is_new then 'new' else 'returning' end"), params),
      rows(pool, HOURS_SQL, [
        siteId,
        new Date(midnight.getTime() - 43_200_000).toISOString().slice(0, 10),
        timezone,
      ]),
      rows(pool, SPAN_SQL, [
        siteId,
        midnight.toISOString(),
        new Date(midnight.getTime() + 86_400_000).toISOString(),
      ]),
      rows(pool, SPAN_SQL, [siteId, yesterday.toISOString(), sameTime.toISOString()]),
      rows(pool, 'select count(distinct visitor) from events where site_id = $1 and ts >= $2', [
        siteId,
        fiveMinutes,
      ]),
    ]);
  },

  async visitLog(pool, { siteId, from, to, timezone, offset }) {
    return Promise.all([
      rows(pool, LOG_SQL, [siteId, from, to, timezone, offset]),
      rows(pool, `select count(distinct visit_id) from events where ${BOUNDS}`, [siteId, from, to, timezone]),
    ]);
  },
};
