import type { HitContext } from '../src/modules/collect/collect.service.js';
import { CHROME_WIN } from './analytics-factories.js';
import type { TestApp } from './app.js';

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** An instant given as Asia/Shanghai wall-clock time (`2026-03-09 23:50:00`). */
export const shanghai = (local: string) => new Date(`${local.replace(' ', 'T')}+08:00`);

export const IP = {
  shenzhen: '120.24.78.68',
  beijing: '61.135.169.121',
  shanghai: '202.96.209.5',
  usa: '8.8.8.8',
} as const;

export const REF = {
  baidu: 'https://www.baidu.com/s?wd=tally',
  google: 'https://www.google.com/search?q=web+analytics',
  weibo: 'https://weibo.com/u/1',
  news: 'https://news.example.org/post/1',
} as const;

type Hit = { payload: Record<string, unknown>; ctx: HitContext };

/** Hits of one visitor from one address and browser; a path may be a whole URL on another host. */
export function visitor(key: string, v: string, ip: string, ua: string) {
  const ctx = (at: string): HitContext => ({ ip, userAgent: ua, headers: {}, now: shanghai(at) });
  const url = (path: string) => (path.startsWith('/') ? `https://example.com${path}` : path);
  const base = (path: string, p: string) => ({ s: key, u: url(path), v, p });
  return {
    pv: (at: string, path: string, p: string, r = ''): Hit => ({
      payload: { ...base(path, p), t: 'pv', r, ti: `Title ${path}` },
      ctx: ctx(at),
    }),
    ping: (at: string, path: string, p: string, seconds: number): Hit => ({
      payload: { ...base(path, p), t: 'ping', e: seconds * 1000 },
      ctx: ctx(at),
    }),
    ev: (at: string, path: string, p: string, name: string): Hit => ({
      payload: { ...base(path, p), t: 'ev', n: name },
      ctx: ctx(at),
    }),
  };
}

/** "Now" of the ground-truth reports: 14:30 on 2026-03-10 in Shanghai. */
export const NOW = shanghai('2026-03-10 14:30:00');

/**
 * The ground-truth traffic of the main site (Asia/Shanghai, example.com). Visits, in local time:
 * - 03-03 F frank06 Beijing desktop, news.example.org → `/` (bounce)             [previous 7 days]
 * - 03-04 E erin05 Shenzhen iPhone, direct → `/` (bounce)
 * - 03-09 C1 carol03 USA desktop, direct → `/` + 5 s; first visit
 * - 03-09 D1 dave04 Shanghai desktop, Google "web analytics" → `/`, `/docs` (+40 s), `/blog/hello` at 14:40
 * - 03-09 D2 dave04 16:00 (80 min idle: a new visit), Baidu "tally" → `/pricing` (bounce, returning)
 * - 03-09 A1 alice01 Shenzhen desktop 23:50, Baidu "tally" → `/` (+30 s), `/pricing` (+20 s)
 * - 03-10 A2 alice01 00:05 → `/docs` (+10 s): local midnight ends A1, so a new, returning visit
 * - 03-10 B bobby02 Beijing iPhone 09:10, Weibo → `/`, `/blog/hello` (+60 s) and a `signup` event
 * - 03-10 C2 carol03 USA 13:00, news.example.org → `/pricing` (bounce, returning)
 * - 03-10 G gina07 Shenzhen desktop 14:27 direct → `/`, `/docs` at 14:28 (online now)
 */
export function mainSiteHits(key: string): Hit[] {
  const frank = visitor(key, 'frank06', IP.beijing, CHROME_WIN);
  const erin = visitor(key, 'erin05', IP.shenzhen, IPHONE);
  const carol = visitor(key, 'carol03', IP.usa, CHROME_WIN);
  const dave = visitor(key, 'dave04', IP.shanghai, CHROME_WIN);
  const alice = visitor(key, 'alice01', IP.shenzhen, CHROME_WIN);
  const bobby = visitor(key, 'bobby02', IP.beijing, IPHONE);
  const gina = visitor(key, 'gina07', IP.shenzhen, CHROME_WIN);
  return [
    frank.pv('2026-03-03 12:00:00', '/', 'f1', REF.news),
    erin.pv('2026-03-04 12:00:00', '/', 'e1'),
    carol.pv('2026-03-09 10:00:00', '/', 'c1'),
    carol.ping('2026-03-09 10:00:05', '/', 'c1', 5),
    dave.pv('2026-03-09 14:00:00', '/', 'd1', REF.google),
    dave.pv('2026-03-09 14:20:00', '/docs', 'd2', 'https://example.com/'),
    dave.ping('2026-03-09 14:21:00', '/docs', 'd2', 40),
    dave.pv('2026-03-09 14:40:00', '/blog/hello', 'd3', 'https://example.com/docs'),
    dave.pv('2026-03-09 16:00:00', '/pricing', 'd4', REF.baidu),
    alice.pv('2026-03-09 23:50:00', '/', 'a1', REF.baidu),
    alice.ping('2026-03-09 23:50:30', '/', 'a1', 30),
    alice.pv('2026-03-09 23:55:00', '/pricing', 'a2', 'https://example.com/'),
    alice.ping('2026-03-09 23:55:20', '/pricing', 'a2', 20),
    alice.pv('2026-03-10 00:05:00', '/docs', 'a3'),
    alice.ping('2026-03-10 00:05:10', '/docs', 'a3', 10),
    bobby.pv('2026-03-10 09:10:00', '/', 'b1', REF.weibo),
    bobby.pv('2026-03-10 09:12:00', '/blog/hello', 'b2', 'https://example.com/'),
    bobby.ev('2026-03-10 09:12:30', '/blog/hello', 'b2', 'signup'),
    bobby.ping('2026-03-10 09:13:00', '/blog/hello', 'b2', 60),
    carol.pv('2026-03-10 13:00:00', '/pricing', 'c2', REF.news),
    gina.pv('2026-03-10 14:27:00', '/', 'g1'),
    gina.pv('2026-03-10 14:28:00', '/docs', 'g2', 'https://example.com/'),
  ];
}

/** The second site of the same owner: one direct bounce today at 10:00. */
export function secondSiteHits(key: string): Hit[] {
  return [visitor(key, 'henry08', IP.beijing, CHROME_WIN).pv('2026-03-10 10:00:00', '/', 'h1')];
}

/** Writes hits through the real collect pipeline at their own times, then runs the rollup job. */
export async function writeTraffic(t: Pick<TestApp, 'services'>, hits: Hit[]): Promise<void> {
  const sorted = [...hits].sort((a, b) => a.ctx.now!.getTime() - b.ctx.now!.getTime());
  const stored = await t.services.collect.ingestMany(sorted);
  if (stored !== hits.length) throw new Error(`stored ${stored} of ${hits.length} hits`);
  await t.services.rollups.refresh();
}
