import { HOUR_WEIGHTS, IP_PREFIXES, KEYWORDS, PAGES, REFERRERS, USER_AGENTS } from './demo-data.js';

/** A small seeded PRNG (mulberry32): the same seed gives the same demo data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T extends unknown[]>(random: () => number, items: T[]): T {
  const total = items.reduce((s, it) => s + (it.at(-1) as number), 0);
  let r = random() * total;
  for (const it of items) {
    r -= it.at(-1) as number;
    if (r <= 0) return it;
  }
  return items.at(-1)!;
}

/** How many visits a local day gets: about `perDay` (±20% from day to day), 30% fewer at weekends. */
export function visitsOnDay(day: string, perDay: number, random: () => number): number {
  const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
  return Math.round(perDay * (weekend ? 0.7 : 1) * (0.8 + random() * 0.4));
}

export interface DemoHit {
  at: Date;
  ip: string;
  ua: string;
  payload: Record<string, unknown>;
}

export interface DemoDayOptions {
  key: string;
  host: string;
  /** UTC instant of the day's local midnight. */
  dayStart: Date;
  visits: number;
  /** Returning visitors are drawn from this pool (it grows with the new ones). */
  pool: string[];
  random: () => number;
  /** Hits after this instant are not generated (today is not over yet). */
  until: Date;
}

/** One site-day of visits: hour pattern, areas, devices, referrers and keywords, pages, time on page. */
export function demoDay(o: DemoDayOptions): DemoHit[] {
  const hits: DemoHit[] = [];
  const hourTotal = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  for (let i = 0; i < o.visits; i++) {
    let r = o.random() * hourTotal;
    let hour = 0;
    while (hour < 23 && r > HOUR_WEIGHTS[hour]!) r -= HOUR_WEIGHTS[hour++]!;
    let t = o.dayStart.getTime() + hour * 3_600_000 + Math.floor(o.random() * 3_600_000);
    const returning = o.pool.length > 0 && o.random() < 0.3;
    const visitor = returning
      ? o.pool[Math.floor(o.random() * o.pool.length)]!
      : `demo${Math.floor(o.random() * 1e12).toString(36)}`;
    if (!returning) o.pool.push(visitor);
    const [prefix] = pick(o.random, IP_PREFIXES);
    const ip = `${prefix}.${1 + Math.floor(o.random() * 250)}`;
    const [ua] = pick(o.random, USER_AGENTS);
    const keyword = KEYWORDS[Math.floor(o.random() * KEYWORDS.length)]!;
    let referrer = pick(o.random, REFERRERS)[0].replace('{k}', encodeURIComponent(keyword));
    const pages = 1 + Math.floor(-Math.log(1 - o.random() * 0.95) * 1.6);
    for (let p = 0; p < pages; p++) {
      if (t > o.until.getTime()) break;
      const [path, title] = pick(o.random, PAGES);
      const url = `https://${o.host}${path}`;
      const pageId = Math.floor(o.random() * 1e10).toString(36);
      const base = { s: o.key, u: url, v: visitor, p: pageId };
      hits.push({
        at: new Date(t),
        ip,
        ua,
        payload: { ...base, t: 'pv', r: referrer, ti: title, w: 1920, h: 1080, l: 'zh-CN' },
      });
      const stay = 5_000 + Math.floor(o.random() * 150_000);
      if (o.random() < 0.1)
        hits.push({ at: new Date(t + 2_000), ip, ua, payload: { ...base, t: 'ev', n: 'signup' } });
      hits.push({ at: new Date(t + stay), ip, ua, payload: { ...base, t: 'ping', e: stay } });
      referrer = url;
      t += stay + 1_000;
    }
  }
  return hits.filter((h) => h.at <= o.until).sort((a, b) => a.at.getTime() - b.at.getTime());
}
