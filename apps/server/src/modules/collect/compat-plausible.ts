import { digestOf } from '../../lib/tokens.js';
import { cut, LIMITS } from './compat/shared.js';

/**
 * Plausible's event API (`POST /api/event`) read into Tally hits. The rules follow Plausible's own
 * ingestion (lib/plausible/ingestion/request.ex): short or long keys, `d` a comma list of domains
 * (without it, the page's host), props as an object or a JSON string with lists, objects, nulls and
 * blanks left out, `engagement` events carrying `sd` (scroll depth) and `e` (engaged ms). Where Tally's
 * limits are tighter than Plausible's (names, property keys and values), text is cut rather than the
 * hit refused, so a client that Plausible accepted is accepted here too.
 */

/** Plausible's own limits: longer names and URLs are refused there too. */
const MAX_NAME = 120;
const MAX_URL = 2000;
/** Plausible ignores engaged times this large (an old script's bug); Tally's ping takes at most a day. */
const ENGAGED_IGNORED_FROM = 30 * 86_400_000;
const ENGAGED_MAX = 86_400_000;

export type PropValue = string | number | boolean;

/** One Plausible event, checked, ready to become one Tally hit per named domain. */
export interface PlausibleEvent {
  /** Normalised (lower case, no `www.`), at least one. */
  domains: string[];
  name: string;
  url: string;
  referrer: string;
  props: Record<string, PropValue>;
  /** `h: 1`: the page's path includes its fragment (`/#about`). */
  hashMode: boolean;
  /** Engaged milliseconds of an `engagement` event (0 when it reported scroll depth only). */
  engagedMs: number;
}

export type FieldErrors = Record<string, string[]>;
export type Parsed = { ok: true; event: PlausibleEvent } | { ok: false; errors: FieldErrors };

type Body = Record<string, unknown>;

/** The first key present, as Plausible reads `n || name`. */
const pick = (body: Body, ...keys: string[]) => {
  for (const key of keys) if (body[key] !== undefined && body[key] !== null) return body[key];
  return undefined;
};

/** `www.Example.com ` → `example.com`; an internationalised name → its ASCII form, as sites store domains. */
export function normaliseDomain(raw: string): string {
  const trimmed = raw.trim().toLowerCase().replace(/\.$/, '');
  let host = trimmed;
  // Only a name that is not plain ASCII needs the URL parser (punycode); it costs a hit about 1 µs.
  if (!PLAIN_HOST.test(trimmed)) {
    try {
      host = new URL(`http://${trimmed}`).hostname;
    } catch {}
  }
  return host.replace(/^www\./, '');
}
const PLAIN_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/** A JSON object given as an object or as JSON text (Plausible's `decode_or_fallback`). */
function objectOf(value: unknown): Body | undefined {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : undefined;
}

function readProps(body: Body, max: number): Record<string, PropValue> {
  const raw = objectOf(pick(body, 'm', 'meta', 'p', 'props')) ?? {};
  const props: Record<string, PropValue> = {};
  let n = 0;
  for (const [key, value] of Object.entries(raw)) {
    if (n >= max) break;
    if (key.trim() === '') continue;
    if (typeof value === 'string') {
      if (value.trim() === '') continue;
      props[cut(key, LIMITS.propKey)] = cut(value, LIMITS.propValue);
    } else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
      props[cut(key, LIMITS.propKey)] = value;
    } else continue;
    n++;
  }
  return props;
}

/**
 * `$` / `revenue`: `{amount, currency}` (object or JSON text). Plausible drops a malformed one silently;
 * so does this. It becomes two properties, as Tally has no money column for custom events.
 */
function readRevenue(body: Body): Record<string, PropValue> {
  const raw = objectOf(pick(body, '$', 'revenue'));
  if (!raw) return {};
  const amount = typeof raw.amount === 'string' ? Number(raw.amount) : raw.amount;
  const currency = typeof raw.currency === 'string' ? raw.currency.toUpperCase() : '';
  if (typeof amount !== 'number' || !Number.isFinite(amount) || !/^[A-Z]{3}$/.test(currency)) return {};
  return { revenue_amount: amount, revenue_currency: currency };
}

/** `sd` and `e` arrive as integers or integer strings; anything else counts as missing. */
function integer(value: unknown): number | undefined {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) value = Number(value);
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function readDomains(body: Body, url: URL | undefined, errors: FieldErrors): string[] {
  const raw = pick(body, 'd', 'domain');
  if (raw === undefined) {
    if (url?.hostname) return [normaliseDomain(url.hostname)];
    errors.domain = ["can't be blank"];
    return [];
  }
  if (typeof raw !== 'string' || raw.trim() === '') {
    errors.domain = ["can't be blank"];
    return [];
  }
  const domains = raw.includes(',')
    ? [...new Set(raw.split(',').map(normaliseDomain))].filter((d) => d !== '')
    : [normaliseDomain(raw)].filter((d) => d !== '');
  if (domains.length === 0) errors.domain = ["can't be blank"];
  // A site has at most 20 domains; a longer list is not a real snippet.
  if (domains.length > 20) errors.domain = ['at most 20 domains'];
  return domains;
}

/** Reads a decoded request body; errors are named by Plausible's field names, as its 400 answer does. */
export function parsePlausibleEvent(json: unknown): Parsed {
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return { ok: false, errors: { request: ['Unable to parse request body as json'] } };
  }
  const body = json as Body;
  const errors: FieldErrors = {};

  const rawName = pick(body, 'n', 'name');
  let name = '';
  if (typeof rawName === 'string' || (typeof rawName === 'number' && Number.isInteger(rawName))) {
    name = String(rawName).trim();
  }
  if (name === '') errors.event_name = ["can't be blank"];
  else if (name.length > MAX_NAME) errors.event_name = [`should be at most ${MAX_NAME} character(s)`];

  const rawUrl = pick(body, 'u', 'url');
  let url: URL | undefined;
  if (typeof rawUrl !== 'string') errors.url = [rawUrl === undefined ? 'is required' : 'must be a valid url'];
  else if (rawUrl.length > MAX_URL) errors.url = ['must be a valid url'];
  else {
    try {
      url = new URL(rawUrl);
    } catch {}
    // Plausible refuses `data:` only; Tally reports pages, so it takes http(s) pages only.
    if (!url || !/^https?:$/.test(url.protocol)) errors.url = ['must be an http(s) url'];
  }

  const rawReferrer = pick(body, 'r', 'referrer');
  const referrer = typeof rawReferrer === 'string' ? cut(rawReferrer, MAX_URL) : '';
  const domains = readDomains(body, url, errors);

  let engagedMs = 0;
  if (name === 'engagement') {
    const sd = integer(body.sd);
    const e = integer(body.e);
    const scroll = sd !== undefined && sd >= 0;
    const engaged = e !== undefined && e >= 0 && e < ENGAGED_IGNORED_FROM;
    if (!scroll && !engaged) {
      errors.event_name = [
        "engagement event requires a valid integer value for at least one of 'sd' or 'e' fields",
      ];
    }
    if (engaged) engagedMs = Math.min(e, ENGAGED_MAX);
  }

  if (Object.keys(errors).length > 0 || !url) return { ok: false, errors };
  const revenue = readRevenue(body);
  const ownProps = readProps(body, LIMITS.props - Object.keys(revenue).length);
  const props = Object.keys(revenue).length === 0 ? ownProps : Object.assign(ownProps, revenue);
  return {
    ok: true,
    event: {
      domains,
      name: cut(name, LIMITS.name),
      url: url.href,
      referrer,
      props,
      hashMode: integer(pick(body, 'h', 'hashMode')) === 1,
      engagedMs,
    },
  };
}

/**
 * Plausible sends no page-view id: a page's engagement events name its URL. The id Tally links pings
 * to their page view by is therefore derived from the URL (a second view of the same URL in one visit
 * shares it, and the visit log shows the engaged time on the first).
 */
export function pageIdOf(url: string): string {
  return `pl${digestOf('sha1', url, 'base64url').slice(0, 12)}`;
}

/** The Tally hit (collect.schema.ts) for one of the event's sites. */
export function toTallyHit(event: PlausibleEvent, trackingKey: string): Record<string, unknown> {
  // Whole literals, not `{ ...base, t }`: see tallyHit in compat/shared.ts.
  const s = trackingKey;
  const u = event.url;
  const p = pageIdOf(u);
  if (event.name === 'pageview') return { s, u, p, t: 'pv', r: event.referrer };
  if (event.name === 'engagement') return { s, u, p, t: 'ping', e: event.engagedMs };
  const d = Object.keys(event.props).length > 0 ? event.props : undefined;
  return { s, u, p, t: 'ev', r: event.referrer, n: event.name, d };
}
