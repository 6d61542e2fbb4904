import { memoByString } from '../../../lib/memo.js';
import {
  type ImportHit,
  type ImportRowResult,
  type ImportSite,
  type KnownVisitor,
  parsePage,
} from '../import-hit.js';
import { type CsvRow, csvRows } from './csv.js';
import { RowError } from './errors.js';

/**
 * Umami's own tables as CSV (a `COPY website_event TO … CSV HEADER`, or a database tool's export):
 * the columns of Umami v2/v3, prisma/schema.prisma in umami-software/umami, models `WebsiteEvent`
 * (`website_event`: event_id, website_id, session_id, visit_id, created_at, url_path, url_query,
 * referrer_path, referrer_query, referrer_domain, page_title, event_type, event_name, hostname, utm_*,
 * …) and `Session` (`session`: session_id, website_id, browser, os, device, screen, language, country,
 * region, city, distinct_id, created_at). Columns are found by their header name, so their order and
 * any extra ones do not matter.
 */
export const UMAMI_EVENT_COLUMNS = ['session_id', 'created_at', 'url_path', 'event_type'] as const;
export const UMAMI_SESSION_COLUMNS = ['session_id'] as const;
/**
 * Umami's `event_data` table (model `EventData`: event_data_id, website_id, website_event_id, data_key,
 * string_value, number_value, date_value, data_type, created_at): one row per property of a custom
 * event, its value in the column its `data_type` names (1 string, 2 number, 3 boolean, 4 date).
 */
export const UMAMI_DATA_COLUMNS = ['website_event_id', 'data_key'] as const;

/** Umami's `event_type`: 1 page view, 2 custom event; the others (links, pixels) are not hits. */
const PAGEVIEW = '1';
const CUSTOM_EVENT = '2';

/** Browser names of Umami (detect-browser's) → the names Tally's user-agent parser gives. */
const BROWSERS: Record<string, string> = {
  chrome: 'Chrome',
  crios: 'Chrome',
  'chromium-webview': 'Chrome WebView',
  firefox: 'Firefox',
  fxios: 'Firefox',
  safari: 'Safari',
  ios: 'Mobile Safari',
  'ios-webview': 'WebKit',
  'edge-chromium': 'Edge',
  'edge-ios': 'Edge',
  edge: 'Edge',
  opera: 'Opera',
  'opera-mini': 'Opera Mini',
  samsung: 'Samsung Browser',
  yandexbrowser: 'Yandex',
  ie: 'IE',
  silk: 'Silk',
  facebook: 'Facebook',
  instagram: 'Instagram',
  android: 'Android Browser',
};

/** `Windows 10` → Windows 10; `Mac OS` → macOS; `Android OS` → Android. */
function osOf(name: string): Pick<KnownVisitor, 'os' | 'osVersion'> {
  if (!name) return {};
  const windows = /^Windows (.+)$/.exec(name);
  if (windows) return { os: 'Windows', osVersion: windows[1]! };
  const renamed: Record<string, string> = {
    'Mac OS': 'macOS',
    'Android OS': 'Android',
    'Chrome OS': 'Chromium OS',
  };
  return { os: renamed[name] ?? name };
}

let countryNames: Intl.DisplayNames | undefined;
/** ISO code → the Chinese name ip2region gives (CN → 中国, US → 美国), as collected visits store it. */
const countryOf = memoByString((code: string): string => {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  countryNames ??= new Intl.DisplayNames(['zh-CN'], { type: 'region' });
  try {
    return countryNames.of(code.toUpperCase()) ?? '';
  } catch {
    return '';
  }
}, 1000);

/**
 * What Umami knew of a session, only the values it has: an empty one leaves the value Tally's own
 * enrichment finds (read once per session, applied to each of its visits).
 */
export function umamiVisitor(row: CsvRow): KnownVisitor {
  const device = row.get('device').toLowerCase();
  const all: KnownVisitor = {
    browser: BROWSERS[row.get('browser')] ?? row.get('browser'),
    ...osOf(row.get('os')),
    device: device === 'laptop' ? 'desktop' : device,
    country: countryOf(row.get('country')),
    city: row.get('city'),
    screen: row.get('screen'),
    language: row.get('language'),
  };
  const known: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (v) known[k] = v;
  return known;
}

/** Umami writes `2024-01-15 10:23:45.123+00`, ISO, or a zone-less UTC time. */
export function umamiTime(text: string): Date {
  let s = text.trim().replace(' ', 'T');
  if (/[+-]\d\d$/.test(s)) s += ':00';
  else if (!/(Z|[+-]\d\d:?\d\d)$/i.test(s)) s += 'Z';
  const at = new Date(s);
  if (Number.isNaN(at.getTime())) throw new RowError(`created_at "${text}" is not a time`);
  return at;
}

/** One website_event row as a hit, with its session's known browser, device and area. */
export function umamiHit(
  row: CsvRow,
  site: ImportSite,
  sessions: Map<string, KnownVisitor>,
  props?: Map<string, string>,
): ImportHit | undefined {
  const type = row.get('event_type') || PAGEVIEW;
  if (type !== PAGEVIEW && type !== CUSTOM_EVENT) return undefined;
  const session = row.get('session_id');
  if (!session) throw new RowError('session_id is empty');
  const host = row.get('hostname') || site.domains[0] || 'localhost';
  const path = row.get('url_path') || '/';
  const query = row.get('url_query');
  let page: ReturnType<typeof parsePage>;
  try {
    page = parsePage(`https://${host}${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`);
  } catch {
    throw new RowError(`url_path "${path}" is not a path`);
  }
  const refDomain = row.get('referrer_domain');
  const refQuery = row.get('referrer_query');
  const referrer = refDomain
    ? `https://${refDomain}${row.get('referrer_path')}${refQuery ? `?${refQuery}` : ''}`
    : '';
  const known = sessions.get(session);
  return {
    line: row.line,
    ts: umamiTime(row.get('created_at')),
    visitor: `umami:${session}`,
    type: type === PAGEVIEW ? 'pv' : 'ev',
    url: page.url,
    path: page.path,
    title: row.get('page_title'),
    name: type === CUSTOM_EVENT ? row.get('event_name') || 'event' : null,
    props: (type === CUSTOM_EVENT && props?.get(row.get('event_id'))) || null,
    referrer,
    ip: '',
    lookupIp: '',
    userAgent: '',
    screen: known?.screen ?? '',
    language: known?.language ?? '',
    known,
  };
}

/** The session table, read whole first (a visitor's browser and area): session_id → what Umami knew. */
export async function umamiSessions(path: string | undefined): Promise<Map<string, KnownVisitor>> {
  const out = new Map<string, KnownVisitor>();
  if (!path) return out;
  for await (const batch of csvRows(path, 'session', UMAMI_SESSION_COLUMNS))
    for (const row of batch) out.set(row.get('session_id'), umamiVisitor(row));
  return out;
}

/** A property's value as the custom event sent it: the column its data_type names. */
function dataValue(row: CsvRow): unknown {
  const text = row.get('string_value');
  switch (row.get('data_type')) {
    case '2': {
      const n = Number(row.get('number_value'));
      return Number.isFinite(n) ? n : text;
    }
    case '3':
      return text === 'true' ? true : text === 'false' ? false : text;
    case '4':
      return row.get('date_value') || text;
    default:
      return text;
  }
}

/** The event_data table, read whole first: website_event_id → the event's properties as JSON text. */
export async function umamiEventData(path: string | undefined): Promise<Map<string, string>> {
  const props = new Map<string, Record<string, unknown>>();
  if (!path) return new Map();
  for await (const batch of csvRows(path, 'event_data', UMAMI_DATA_COLUMNS))
    for (const row of batch) {
      const id = row.get('website_event_id');
      const event = props.get(id) ?? {};
      event[row.get('data_key')] = dataValue(row);
      props.set(id, event);
    }
  return new Map([...props].map(([id, p]) => [id, JSON.stringify(p)]));
}

/** website_event rows as hits, a batch at a time (rows of other event types are skipped, bad ones refused one by one). */
export async function* umamiRows(
  eventsPath: string,
  site: ImportSite,
  sessions: Map<string, KnownVisitor>,
  props?: Map<string, string>,
): AsyncGenerator<ImportRowResult[]> {
  for await (const batch of csvRows(eventsPath, 'website_event', UMAMI_EVENT_COLUMNS))
    yield batch.map((row): ImportRowResult => {
      try {
        const hit = umamiHit(row, site, sessions, props);
        return hit ? { line: row.line, hit } : { line: row.line, skipped: true };
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        return { line: row.line, error: err.message };
      }
    });
}
