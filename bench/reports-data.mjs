// Bulk traffic for the reports benchmark: visits and their events written by SQL (generate_series), a
// local day per statement, shaped like the collect pipeline's rows (visits never cross local midnight,
// a ping per page view, first visits marked new). Then the real rollup job counts it all.

export const TIMEZONE = 'Asia/Shanghai';
/** Events per visit on average: 1–4 page views (2.5), each with its engagement ping. */
const EVENTS_PER_VISIT = 5;
const VISITORS = 300_000;

/** `YYYY-MM-DD` of an instant in the benchmark's zone. */
export function localDay(at) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE }).format(at);
}

export function addDays(day, n) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

// $1 site, $2 local day, $3 visits, $4 first id, $5 now. Pseudo-random columns come from a
// multiplicative hash of the visit number, so a run is reproducible.
const VISITS_SQL = `
with g as (
  select $4::bigint + n as id, ((n + extract(epoch from $2::date)::bigint) * 2654435761) % 2147483647 as h
    from generate_series(1, $3::int) n
),
v as (
  select id, h, 1 + (h % 4)::int as p, (h / 11) % 20 as r, (h / 17) % 4 as u, (h / 19) % ${VISITORS} as vn,
         ($2::date::timestamp at time zone '${TIMEZONE}') + ((h / 7) % 86280) * interval '1 second' as started
    from g
)
insert into visits (id, site_id, visitor, started_at, last_at, local_day, is_new, pageviews, events, duration_ms,
                    entry_url, entry_path, exit_url, exit_path, referrer, ref_category, ref_domain, ref_name, keyword,
                    ip, country, province, city, isp, browser, browser_version, os, os_version, device, screen, language)
select id, $1, 'v' || vn, started, started + (p - 1) * interval '20 seconds', $2::date, false, p, 0, p * 30000,
       'https://bench.example/page/' || ((id * 7) % 200), '/page/' || ((id * 7) % 200),
       'https://bench.example/page/' || ((id * 7 + p - 1) % 200), '/page/' || ((id * 7 + p - 1) % 200),
       case when r < 8 then '' when r < 15 then 'https://www.baidu.com/s?wd=kw' || (h % 60)
            when r < 17 then 'https://weibo.com/u/' || (h % 100) else 'https://site' || (h % 40) || '.example.org/p' || (h % 7) end,
       case when r < 8 then 'direct' when r < 15 then 'search' when r < 17 then 'social' else 'external' end,
       case when r < 8 then null when r < 15 then 'baidu.com' when r < 17 then 'weibo.com' else 'site' || (h % 40) || '.example.org' end,
       case when r < 8 then null when r < 15 then 'Baidu' when r < 17 then 'Weibo' end,
       case when r >= 8 and r < 15 then 'kw' || (h % 60) end,
       (array['61.135','202.96','183.60','202.97','223.5','218.2','61.139','8.8','133.242','81.2'])[1 + vn % 10]
         || '.' || (vn / 10 % 250) || '.' || (vn / 2500 % 250),
       (array['中国','中国','中国','中国','中国','中国','中国','美国','日本','英国'])[1 + vn % 10],
       (array['北京','广东省','广东省','上海','浙江省','江苏省','四川省','','',''])[1 + vn % 10],
       (array['北京市','深圳市','广州市','上海市','杭州市','南京市','成都市','','',''])[1 + vn % 10],
       '', (array['Chrome','Mobile Safari','Edge','Firefox'])[1 + u], '', (array['Windows','iOS','Windows','macOS'])[1 + u], '',
       (array['desktop','mobile','desktop','desktop'])[1 + u], '1920x1080', 'zh-CN'
  from v where started + p * interval '20 seconds' < $5::timestamptz`;

// $1 site, $2 local day: every page view of the day's visits and its ping.
const EVENTS_SQL = `
insert into events (site_id, visit_id, visitor, ts, type, page_id, url, host, path, title, duration_ms, ip)
select v.site_id, v.id, v.visitor,
       v.started_at + i * interval '20 seconds' + case when t.type = 'ping' then interval '15 seconds' else interval '0' end,
       t.type, v.id || '-' || i, 'https://bench.example/page/' || ((v.id * 7 + i) % 200), 'bench.example',
       '/page/' || ((v.id * 7 + i) % 200), '', case when t.type = 'ping' then 30000 else 0 end, v.ip
  from visits v
 cross join lateral generate_series(0, v.pageviews - 1) i
 cross join (values ('pv'), ('ping')) t(type)
 where v.site_id = $1 and v.local_day = $2::date
   and v.started_at >= ($2::date::timestamp at time zone '${TIMEZONE}')
   and v.started_at < (($2::date + 1)::timestamp at time zone '${TIMEZONE}')`;

/**
 * Writes about `events` events over `days` local days ending today for one site, marks every hour
 * dirty and lets the product's rollup job count them. Returns the number of events written.
 */
export async function generate(db, services, { siteId, events, days, now, log }) {
  const visitsPerDay = Math.round(events / EVENTS_PER_VISIT / days);
  const started = performance.now();
  const seconds = () => `${Math.round((performance.now() - started) / 1000)} s`;
  const today = localDay(now);
  let nextId = 0;
  for (let d = days - 1; d >= 0; d--) {
    const day = addDays(today, -d);
    await db.query(VISITS_SQL, [siteId, day, visitsPerDay, nextId, now.toISOString()]);
    await db.query(EVENTS_SQL, [siteId, day]);
    nextId += visitsPerDay;
    if (d % 10 === 0) log(`  generated ${days - d}/${days} days (${seconds()})`);
  }
  await db.query(`select setval(pg_get_serial_sequence('visits', 'id'), (select max(id) from visits))`);
  // A visitor's first visit is the new one, as the collect pipeline marks it.
  await db.query(
    `update visits v set is_new = true
       from (select distinct on (visitor) id, started_at from visits where site_id = $1 order by visitor, started_at) f
      where v.site_id = $1 and v.started_at = f.started_at and v.id = f.id`,
    [siteId],
  );
  await db.query(
    `insert into rollup_dirty (site_id, hour)
     select distinct $1::bigint, date_trunc('hour', ts) from events where site_id = $1 on conflict do nothing`,
    [siteId],
  );
  // Planner statistics first, as autovacuum would have them after a load this size.
  for (const table of ['events', 'visits']) await db.query(`analyze ${table}`);
  log(`  counting rollups with the product's job (${seconds()})…`);
  await services.rollups.refresh();
  log(`  rollups counted (${seconds()})`);
  // What autovacuum would soon do on its own: statistics and visibility maps for the planner.
  for (const table of ['events', 'visits', 'rollup_daily', 'rollup_daily_ip', 'rollup_hourly'])
    await db.query(`vacuum analyze ${table}`);
  const [row] = await db.query('select count(*)::int as n from events where site_id = $1', [siteId]);
  log(`  ${row.n} events ready (${seconds()})`);
  return Number(row.n);
}
