import { z } from 'zod';
import { absoluteUrl, type CompatHit, CompatRefused, cut, LIMITS, screenOf, toProps } from './shared.js';

/**
 * Umami's collect protocol (v2/v3, `POST /api/send`): `{type, payload}`, read as Umami's own
 * request schema reads it (src/app/api/send/request-schema.ts) but without its UUID rule, since a
 * site's Umami id may be any text the old install used. Unknown keys are ignored.
 */
const text = (max: number) => z.string().max(max);
const payloadSchema = z.object({
  website: text(253).trim().min(1, 'website is required'),
  hostname: text(253).optional(),
  url: text(LIMITS.url * 2).optional(),
  referrer: text(LIMITS.url * 2).optional(),
  title: text(LIMITS.title * 4).optional(),
  screen: text(32).optional(),
  language: text(64).optional(),
  name: text(400).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  tag: text(200).optional(),
  /** The distinct id `umami.identify(id)` set. */
  id: text(200).optional(),
  /** The tracker's persistent visitor id (v3, localStorage `umami.visitor`). */
  vid: text(200).optional(),
  /** Server-side clients give the browser's address and user agent (Umami honours them). */
  ip: text(64).optional(),
  userAgent: text(1024).optional(),
  timestamp: z.unknown().optional(),
});
export type UmamiPayload = z.infer<typeof payloadSchema>;

const requestSchema = z.object({
  type: z.enum(['event', 'identify', 'performance', 'engagement']),
  payload: payloadSchema,
});
export type UmamiRequest = z.infer<typeof requestSchema>;

/** A decoded body, or Umami's 400 message naming the fields at fault. */
export function parseUmamiRequest(json: unknown): UmamiRequest {
  const parsed = requestSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  throw new CompatRefused(message);
}

/**
 * Umami's v2 script sends `encodeURI(location)` and `encodeURI(document.referrer)`, so a referrer's
 * already-escaped query arrives escaped twice (`%25E7…`); Umami's server undoes that with one
 * `decodeURI`, and so do we (a v3 sender's plain URL comes through unchanged).
 */
function safeDecodeUri(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

/** The client's id for the visitor: the tracker's device id first, so an identify does not split a visit. */
export const umamiClientId = (p: UmamiPayload) => p.vid || p.id || undefined;

/**
 * An `event` as a Tally hit: no `name` is a page view, a `name` a custom event with `data` (nested
 * keys flattened, as Umami stores them) and `tag` as properties. `url` and `referrer` may be paths,
 * on `hostname`.
 */
export function umamiHit(p: UmamiPayload): CompatHit {
  const host = p.hostname?.trim() || undefined;
  const url =
    absoluteUrl(safeDecodeUri(p.url), host) ?? (host && !p.url ? absoluteUrl('/', host) : undefined);
  if (!url) throw new CompatRefused('payload.url: a full http(s) URL, or a path with hostname');
  const referrer = absoluteUrl(safeDecodeUri(p.referrer), host) ?? '';
  const clientId = umamiClientId(p);
  const name = p.name?.trim();
  // Whole literals, no `{ ...common, kind }`: see tallyHit (shared.ts) for what a spread cost here.
  if (name) {
    const props = toProps({ ...(p.data ?? {}), ...(p.tag ? { tag: p.tag } : {}) });
    return { url, referrer, clientId, kind: 'event', name: cut(name, LIMITS.name), props };
  }
  return {
    url,
    referrer,
    clientId,
    kind: 'pageview',
    title: p.title,
    screen: screenOf(p.screen),
    language: p.language,
  };
}
