import { createHash } from 'node:crypto';
import { ipMatcher, isBotUserAgent, maskIp, normaliseIp } from '../../collect/enrichment.service.js';
import type { ImportRowResult, ImportSite } from '../import-hit.js';
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

/**
 * Log lines as page views of the site's first domain (the combined format names no host). A visitor is
 * a hash of address and browser, as cookieless collection identifies one (without the daily salt: the
 * log is the site's own, read once). Bots, the site's ignored addresses, assets and failed requests
 * are skipped like the tracker never sees them; a line in no log format is refused.
 */
export async function* logRows(path: string, site: ImportSite): AsyncGenerator<ImportRowResult> {
  const ignored = site.ignoredIps.length > 0 ? ipMatcher(site.ignoredIps) : () => false;
  const host = site.domains[0] ?? 'localhost';
  let line = 0;
  let parsed = 0;
  for await (const text of lines(path)) {
    line++;
    if (text.trim() === '') continue;
    const l = parseLogLine(text);
    if (!l) {
      yield { line, error: 'not in the combined log format' };
      continue;
    }
    parsed++;
    if (!isPageView(l) || isBotUserAgent(l.userAgent)) {
      yield { line, skipped: true };
      continue;
    }
    const ip = normaliseIp(l.ip);
    if (ignored(ip)) {
      yield { line, skipped: true };
      continue;
    }
    let url: URL;
    try {
      url = new URL(l.target.startsWith('/') ? `https://${host}${l.target}` : l.target);
    } catch {
      yield { line, error: `"${l.target.slice(0, 100)}" is not a path` };
      continue;
    }
    yield {
      line,
      hit: {
        line,
        ts: l.ts,
        visitor: `log:${createHash('sha256').update(`${ip}\u0000${l.userAgent}`).digest('base64url').slice(0, 22)}`,
        type: 'pv',
        url,
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
  }
  if (parsed === 0) throw new ImportFileError('no line of the file is in the combined log format');
}
