// Traffic with realistic cardinality for the scale benchmark (issue 26): long, Zipf-like tails of pages,
// keywords, referring pages and sites, and a stream of mostly new visitors (so a busy site sees tens of
// thousands of addresses a day), shaped like the collect pipeline's rows (visits never cross local
// midnight, first visits marked new). Rows go in with COPY on PostgreSQL and unnest inserts on PGlite,
// a local day of a site per transaction. Reproducible: every draw comes from one seeded generator.

import { addDays, localDay, TIMEZONE } from './reports-data.mjs';

const dist = (file) => import(`../apps/server/dist/${file}`);
// The demo's seeded generator (mulberry32) and the raw tables' event columns, from the built server.
const { rng: seeded } = await dist('lib/demo-traffic/demo-traffic.js');
const { EVENT_FIELDS } = await dist('db/raw-columns.js');

const PAGES = 50_000;
const KEYWORDS = 100_000;
const REF_SITES = 2_000;
const REF_PAGES = 20_000;
/** Visitors who come back (Zipf over them); the rest of the visits are first visits of new visitors. */
const LOYAL = 60_000;
const RETURNING_SHARE = 0.3;
const EVENT_NAMES = ['signup', 'download', 'outbound', 'play', 'share', 'search', 'cart', 'checkout'];
/** Hosts of the site's pages (the domain report) and their shares. */
const HOSTS = [
  ['www.bench.example', 0.85],
  ['m.bench.example', 0.13],
  ['docs.bench.example', 0.02],
];
// Places as ip2region names them (country, province, city), with shares.
const PLACES = [
  ['中国', '广东省', '深圳市', 12],
  ['中国', '广东省', '广州市', 10],
  ['中国', '北京', '北京市', 10],
  ['中国', '上海', '上海市', 9],
  ['中国', '浙江省', '杭州市', 7],
  ['中国', '江苏省', '南京市', 6],
  ['中国', '江苏省', '苏州市', 4],
  ['中国', '四川省', '成都市', 5],
  ['中国', '湖北省', '武汉市', 4],
  ['中国', '山东省', '济南市', 3],
  ['中国', '山东省', '青岛市', 3],
  ['中国', '福建省', '厦门市', 3],
  ['中国', '河南省', '郑州市', 3],
  ['中国', '湖南省', '长沙市', 3],
  ['中国', '陕西省', '西安市', 2],
  ['中国', '辽宁省', '沈阳市', 2],
  ['中国', '重庆', '重庆市', 2],
  ['中国', '天津', '天津市', 2],
  ['中国', '云南省', '昆明市', 1],
  ['中国', '台湾省', '台北', 1],
  ['美国', '加利福尼亚', '洛杉矶', 2],
  ['日本', '东京都', '东京', 2],
  ['新加坡', '', '', 1],
  ['英国', '英格兰', '伦敦', 1],
  ['德国', '', '', 1],
];
const ENGINES = [
  ['Baidu', 'www.baidu.com', 'https://www.baidu.com/s?wd=', 60],
  ['Bing', 'cn.bing.com', 'https://cn.bing.com/search?q=', 15],
  ['Sogou', 'www.sogou.com', 'https://www.sogou.com/web?query=', 10],
  ['360', 'www.so.com', 'https://www.so.com/s?q=', 8],
  ['Google', 'www.google.com', 'https://www.google.com/search?q=', 7],
];
const SOCIAL = [
  ['weibo.com', 'Weibo'],
  ['www.zhihu.com', 'Zhihu'],
  ['www.douban.com', 'Douban'],
];
const CLIENTS = [
  ['Chrome', 'Windows', 'desktop', 30],
  ['Chrome', 'Android', 'mobile', 20],
  ['Mobile Safari', 'iOS', 'mobile', 22],
  ['Edge', 'Windows', 'desktop', 8],
  ['WeChat', 'Android', 'mobile', 8],
  ['Safari', 'macOS', 'desktop', 5],
  ['Firefox', 'Linux', 'desktop', 2],
  ['Safari', 'iOS', 'tablet', 5],
];

/** Draws 0..n-1 with P(k) ∝ 1/(k+1)^s, by binary search of the cumulative shares. */
function zipf(n, s, rand) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / (k + 1) ** s;
    cdf[k] = sum;
  }
  return () => {
    const x = rand() * sum;
    let [lo, hi] = [0, n - 1];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Picks from `[...values, weight]` rows by weight. */
function weighted(rows, rand) {
  const total = rows.reduce((n, r) => n + r.at(-1), 0);
  return () => {
    let x = rand() * total;
    for (const r of rows) {
      x -= r.at(-1);
      if (x < 0) return r;
    }
    return rows.at(-1);
  };
}

/** An IPv4 address from a number (the same number, the same address). */
const ipOf = (n) => {
  const h = Math.imul(n + 0x9e3779b9, 2654435761) >>> 0;
  return `${1 + (h % 223)}.${(h >>> 8) & 255}.${(h >>> 16) & 255}.${1 + ((h >>> 24) % 254)}`;
};

/** Local midnight of a day in the benchmark's zone (Asia/Shanghai: UTC+8 all year). */
const dayStartMs = (day) => Date.parse(`${day}T00:00:00+08:00`);

/** One site's traffic source: draws visits with their page views, pings and custom events. */
function siteTraffic(seed) {
  const rand = seeded(seed);
  const page = zipf(PAGES, 0.8, rand);
  const keyword = zipf(KEYWORDS, 0.9, rand);
  const refSite = zipf(REF_SITES, 1.0, rand);
  const refPage = zipf(REF_PAGES, 0.9, rand);
  const loyal = zipf(LOYAL, 0.7, rand);
  const seen = new Uint8Array(LOYAL);
  const place = weighted(PLACES, rand);
  const engine = weighted(ENGINES, rand);
  const client = weighted(CLIENTS, rand);
  const host = weighted(HOSTS, rand);
  let newVisitors = 0;
  const pathOf = (p) => (p === 0 ? '/' : `/${['post', 'tag', 'docs', 'p'][p % 4]}/${p}`);

  /** The referrer columns of a visit. */
  const source = () => {
    const r = rand();
    if (r < 0.45) return ['', 'direct', null, null, null];
    if (r < 0.8) {
      const [name, domain, prefix] = engine();
      const kw = `kw${keyword()}`;
      return [`${prefix}${kw}`, 'search', domain, name, kw];
    }
    if (r < 0.88) {
      const [domain, name] = SOCIAL[Math.floor(rand() * SOCIAL.length)];
      return [`https://${domain}/p/${refPage() % 500}`, 'social', domain, name, null];
    }
    const domain = `site${refSite()}.example.org`;
    return [`https://${domain}/a/${refPage()}`, 'external', domain, null, null];
  };

  return (siteId, id, startMs, day) => {
    const returning = rand() < RETURNING_SHARE;
    const v = returning ? loyal() : LOYAL + newVisitors++;
    const isNew = returning ? !seen[v] : true;
    if (returning) seen[v] = 1;
    const visitor = `s${siteId}v${v}`;
    // Most visitors keep their address; some move (mobile data), as collect sees them.
    const ip = rand() < 0.9 ? ipOf(v * 7 + siteId) : ipOf(Math.floor(rand() * 2 ** 31));
    // Bounce-heavy, as content sites are: 80 % one page view.
    let pageviews = 1;
    while (pageviews < 12 && rand() < (pageviews === 1 ? 0.2 : 0.55)) pageviews++;
    const [referrer, category, refDomain, refName, kw] = source();
    const [country, province, city] = place();
    const [browser, os, device] = client();
    const events = [];
    let duration = 0;
    let exit = '';
    let exitUrl = '';
    let entry = '';
    let entryUrl = '';
    for (let i = 0; i < pageviews; i++) {
      const path = pathOf(page());
      const domain = host()[0];
      const url = `https://${domain}${path}`;
      const ts = startMs + i * 30_000;
      events.push([siteId, id, visitor, ts, 'pv', `${id}-${i}`, url, domain, path, '', null, null, 0, ip]);
      if (rand() < 0.5) {
        events.push([
          siteId,
          id,
          visitor,
          ts + 15_000,
          'ping',
          `${id}-${i}`,
          url,
          domain,
          path,
          '',
          null,
          null,
          15_000,
          ip,
        ]);
        duration += 15_000;
      }
      if (i === 0) [entry, entryUrl] = [path, url];
      [exit, exitUrl] = [path, url];
    }
    if (rand() < 0.04) {
      const name = EVENT_NAMES[Math.floor(rand() * EVENT_NAMES.length)];
      events.push([
        siteId,
        id,
        visitor,
        startMs + 5_000,
        'ev',
        `${id}-0`,
        entryUrl,
        events[0][7],
        entry,
        '',
        name,
        JSON.stringify({ plan: ['free', 'pro'][Math.floor(rand() * 2)] }),
        0,
        ip,
      ]);
    }
    const visit = [
      id,
      siteId,
      visitor,
      startMs,
      startMs + (pageviews - 1) * 30_000,
      day,
      isNew,
      pageviews,
      events.length,
      duration,
      entryUrl,
      entry,
      exitUrl,
      exit,
      referrer,
      category,
      refDomain,
      refName,
      kw,
      ip,
      country,
      province,
      city,
      '',
      browser,
      '',
      os,
      '',
      device,
      '1920x1080',
      'zh-CN',
    ];
    return { visit, events };
  };
}

const VISIT_COLS = [
  ['id', 'bigint'],
  ['site_id', 'bigint'],
  ['visitor', 'text'],
  ['started_at', 'timestamptz'],
  ['last_at', 'timestamptz'],
  ['local_day', 'date'],
  ['is_new', 'boolean'],
  ['pageviews', 'int'],
  ['events', 'int'],
  ['duration_ms', 'bigint'],
  ['entry_url', 'text'],
  ['entry_path', 'text'],
  ['exit_url', 'text'],
  ['exit_path', 'text'],
  ['referrer', 'text'],
  ['ref_category', 'text'],
  ['ref_domain', 'text'],
  ['ref_name', 'text'],
  ['keyword', 'text'],
  ['ip', 'text'],
  ['country', 'text'],
  ['province', 'text'],
  ['city', 'text'],
  ['isp', 'text'],
  ['browser', 'text'],
  ['browser_version', 'text'],
  ['os', 'text'],
  ['os_version', 'text'],
  ['device', 'text'],
  ['screen', 'text'],
  ['language', 'text'],
];
const TIME_COLUMNS = new Set(['started_at', 'last_at', 'ts']);
/** Columns in raw-columns.ts's shape (name, type, reader) over the generator's row arrays. */
const columns = (cols) =>
  cols.map(([name, type], i) => [
    name,
    type,
    TIME_COLUMNS.has(name) ? (row) => new Date(row[i]).toISOString() : (row) => row[i],
  ]);

/**
 * Writes about `events` events over `days` local days ending yesterday for `sites` sites (site i gets a
 * share ∝ 1/(i+1)), with weekly seasonality. Returns the events written and the seconds it took.
 */
export async function generateScale(db, { siteIds, events, days, log }) {
  const { copyText, arraysOf, unnestArgs, columnNames } = await dist('db/raw-columns.js');
  const visitCols = columns(VISIT_COLS);
  const eventCols = columns(EVENT_FIELDS);
  const copySql = (table, cols) => `copy ${table} (${columnNames(cols)}) from stdin`;
  const insertSql = (table, cols) =>
    `insert into ${table} (${columnNames(cols)}) select * from ${unnestArgs(cols, 1)}`;
  const write = async (tx, table, cols, rows) => {
    if (tx.copyFrom) return tx.copyFrom(copySql(table, cols), copyText(cols, rows));
    for (let i = 0; i < rows.length; i += 5000)
      await tx.query(insertSql(table, cols), arraysOf(cols, rows.slice(i, i + 5000)));
  };
  const shares = siteIds.map((_, i) => 1 / (i + 1));
  const shareSum = shares.reduce((a, b) => a + b, 0);
  const sources = siteIds.map((id) => siteTraffic(id * 7919));
  const rand = seeded(12345);
  // About two events a visit (see siteTraffic); a weekday carries more than a weekend day.
  const visitsPerDay = events / days / 2.05;
  const today = localDay(new Date());
  // Each month's partitions of the raw tables (migration 0031) before its rows, as an import makes them
  // (a day back too: the first local day may begin in the UTC month before).
  const { MonthPartitions } = await dist('db/month-partitions.js');
  const months = new Set();
  for (let d = days + 1; d >= 0; d--) months.add(`${addDays(today, -d).slice(0, 7)}-01`);
  await new MonthPartitions(db).ensure([...months]);
  const started = performance.now();
  let written = 0;
  let nextId = 1;
  for (let d = days; d >= 1; d--) {
    const day = addDays(today, -d);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const season = weekday === 0 || weekday === 6 ? 0.75 : 1.1;
    for (const [i, siteId] of siteIds.entries()) {
      const n = Math.round((visitsPerDay * season * shares[i]) / shareSum);
      const visits = [];
      const rows = [];
      const start = dayStartMs(day);
      for (let k = 0; k < n; k++) {
        // Daytime-heavy arrivals, all before 23:00 so no visit crosses local midnight.
        const hour = Math.min(22, Math.floor(24 * rand() ** 0.8));
        const { visit, events: evs } = sources[i](
          siteId,
          nextId++,
          start + hour * 3_600_000 + Math.floor(rand() * 3_000_000),
          day,
        );
        visits.push(visit);
        for (const e of evs) rows.push(e);
      }
      await db.transaction(async (tx) => {
        await write(tx, 'visits', visitCols, visits);
        await write(tx, 'events', eventCols, rows);
      });
      written += rows.length;
    }
    if (d % 40 === 0)
      log(
        `  ${days - d + 1}/${days} days, ${written} events (${Math.round((performance.now() - started) / 1000)} s)`,
      );
  }
  await db.query(`select setval(pg_get_serial_sequence('visits', 'id'), (select max(id) from visits))`);
  return { events: written, seconds: (performance.now() - started) / 1000 };
}

/** Distinct keys of the busiest site's busiest day: the cardinality the issue asks the data to have. */
export async function cardinality(db, siteId) {
  const [busiest] = await db.query(
    `select local_day::text as day from visits where site_id = $1 group by 1 order by count(*) desc limit 1`,
    [siteId],
  );
  const [row] = await db.query(
    `select (select count(distinct path) from events where site_id = $1 and type = 'pv'
               and ts >= $2::date::timestamp at time zone '${TIMEZONE}' and ts < ($2::date + 1)::timestamp at time zone '${TIMEZONE}') as pages,
            count(distinct keyword) as keywords,
            count(distinct referrer) filter (where ref_category <> 'direct') as referrers,
            count(distinct ip) as ips, count(*) as visits
       from visits where site_id = $1 and local_day = $2::date`,
    [siteId, busiest.day],
  );
  return { day: busiest.day, ...Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) };
}
