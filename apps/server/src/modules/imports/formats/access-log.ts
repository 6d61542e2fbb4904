import { createHash } from 'node:crypto';
import { ipMatcher, isBotUserAgent, maskIp, normaliseIp } from '../../collect/enrichment.service.js';
import { type ImportRowResult, type ImportSite, parsePage } from '../import-hit.js';
import { ImportFileError } from './errors.js';
import { lines } from './lines.js';

/**
 * The combined log format (Apache's `LogFormat "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\"
 * \"%{User-agent}i\"" combined`, nginx's default `combined`): address, identity, user, [time],
 * "request", status, size, "referrer", "user agent". The common format (no referrer and agent) is
 * read too. https://httpd.apache.org/docs/current/logs.html#combined
 */
const COMBINED =
  /^(\S+) \S+ \S+ \[(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-]\d{4})\] "(\S+) (\S+)(?: [^"]*)?" (\d{3}) \S+(?: "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?/;

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

/** Requests that are no page: files a page loads, which a tracker never counts either. */
const ASSET =
  /\.(?:css|js|mjs|map|json|xml|txt|png|jpe?g|gif|svg|ico|webp|avif|bmp|woff2?|ttf|otf|eot|mp4|webm|mp3|ogg|wav|pdf|zip|gz|rar|7z|exe|dmg|apk|wasm)$/i;

export interface LogLine {
  ip: string;
  ts: Date;
  method: string;
  target: string;
  status: number;
  referrer: string;
  userAgent: string;
}

const logField = (s: string | undefined) => (s === undefined || s === '-' ? '' : s.replace(/\\(.)/g, '$1'));

export function parseLogLine(text: string): LogLine | undefined {
  const m = COMBINED.exec(text);
  if (!m) return undefined;
  const month = MONTHS[m[3]!];
  if (month === undefined) return undefined;
  const zone = m[8]!;
  const offset = (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3)));
  const ts = new Date(
    Date.UTC(Number(m[4]), month, Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7])) - offset * 60_000,
  );
  if (Number.isNaN(ts.getTime())) return undefined;
  return {
    ip: m[1]!,
    ts,
    method: m[9]!,
    target: m[10]!,
    status: Number(m[11]),
    referrer: logField(m[12]),
    userAgent: logField(m[13]),
  };
}

/** A page view a browser would have counted: GET of a page that was served (2xx, or 304 from its cache). */
const isPageView = (l: LogLine) =>
  l.method === 'GET' &&
  ((l.status >= 200 && l.status < 300) || l.status === 304) &&
  !ASSET.test(l.target.split('?')[0]!);

/** Visitors by address and browser, hashed once each (a visitor's lines repeat the pair). */
const VISITOR_CACHE = 100_000;

/**
 * Log lines as page views of the site's first domain (the combined format names no host), a batch at
 * a time. A visitor is a hash of address and browser, as cookieless collection identifies one (without
 * the daily salt: the log is the site's own, read once). Bots, the site's ignored addresses, assets
 * and failed requests are skipped like the tracker never sees them; a line in no log format is refused.
 */
export async function* logRows(path: string, site: ImportSite): AsyncGenerator<ImportRowResult[]> {
  const ignored = site.ignoredIps.length > 0 ? ipMatcher(site.ignoredIps) : () => false;
  const host = site.domains[0] ?? 'localhost';
  const visitors = new Map<string, string>();
  const visitorOf = (ip: string, userAgent: string) => {
    const key = `${ip}\u0000${userAgent}`;
    let id = visitors.get(key);
    if (id === undefined) {
      id = `log:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
      if (visitors.size >= VISITOR_CACHE) visitors.clear();
      visitors.set(key, id);
    }
    return id;
  };
  let line = 0;
  let parsed = 0;
  const row = (text: string): ImportRowResult | undefined => {
    line++;
    if (text.trim() === '') return undefined;
    const l = parseLogLine(text);
    if (!l) return { line, error: 'not in the combined log format' };
    parsed++;
    if (!isPageView(l) || isBotUserAgent(l.userAgent)) return { line, skipped: true };
    const ip = normaliseIp(l.ip);
    if (ignored(ip)) return { line, skipped: true };
    let page: ReturnType<typeof parsePage>;
    try {
      page = parsePage(l.target.startsWith('/') ? `https://${host}${l.target}` : l.target);
    } catch {
      return { line, error: `"${l.target.slice(0, 100)}" is not a path` };
    }
    return {
      line,
      hit: {
        line,
        ts: l.ts,
        visitor: visitorOf(ip, l.userAgent),
        type: 'pv',
        url: page.url,
        path: page.path,
        title: '',
        name: null,
        props: null,
        referrer: l.referrer,
        ip: site.maskIp ? maskIp(ip) : ip,
        lookupIp: ip,
        userAgent: l.userAgent,
        screen: '',
        language: '',
      },
    };
  };
  for await (const batch of lines(path)) {
    const out: ImportRowResult[] = [];
    for (const text of batch) {
      const r = row(text);
      if (r) out.push(r);
    }
    if (out.length > 0) yield out;
  }
  if (parsed === 0) throw new ImportFileError('no line of the file is in the combined log format');
}
