import type { SiteRow } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import { sha256 } from '../../../lib/tokens.js';
import type { CollectOutcome, HitContext } from '../collect.service.js';

/**
 * What the other trackers' protocols (Umami, Matomo; Plausible's lives in ../compat-plausible.ts) have
 * in common once decoded: one hit, in words every protocol has. `tallyHit` turns it into the body of
 * Tally's own `/api/collect` (collect.schema.ts), so from there on it is one of Tally's hits: the same
 * validation, drop rules, enrichment, visits and group commit.
 */
export interface CompatHit {
  kind: 'pageview' | 'event';
  /** Absolute http(s) URL of the page. */
  url: string;
  referrer?: string;
  title?: string;
  screen?: { w: number; h: number };
  language?: string;
  /** Custom events: name and properties (flattened by `toProps`). */
  name?: string;
  props?: Props;
  /** The client's own id for the visitor (Umami `vid`/`id`, Matomo `_id`/`cid`), any text. */
  clientId?: string;
}

export type PropValue = string | number | boolean | null;
export type Props = Record<string, PropValue>;

/** Tally's limits on a custom event (collect.schema.ts): longer text is cut, never refused. */
export const LIMITS = { name: 100, propKey: 64, propValue: 500, props: 30, title: 1024, url: 2048 } as const;

/** Cut to `max` UTF-16 units without leaving half a surrogate pair behind. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end);
}

/**
 * Tally's visitor ids are `[a-z0-9]{6,40}`; a client's id may be anything (a UUID, an email). Ids that
 * already fit are kept (Matomo's 16 hex digits); others become a digest, so the same id is the same
 * visitor without its text being stored.
 */
export function visitorIdOf(clientId: string | undefined): string | undefined {
  if (!clientId) return undefined;
  const lower = clientId.trim().toLowerCase();
  if (/^[a-z0-9]{6,40}$/.test(lower)) return lower;
  return `c${sha256(clientId).slice(0, 31)}`;
}

/**
 * Properties in Tally's shape: scalars kept, nested objects flattened to dotted keys (Umami stores
 * event data the same way), lists and anything else as JSON text, at most `LIMITS.props`.
 */
export function toProps(data: unknown): Props | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const out: Props = {};
  let n = 0;
  const walk = (obj: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [k, v] of Object.entries(obj)) {
      if (n >= LIMITS.props) return;
      const key = cut(`${prefix}${k}`, LIMITS.propKey);
      if (key.trim() === '') continue;
      if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && depth < 3) {
        walk(v as Record<string, unknown>, `${key}.`, depth + 1);
        continue;
      }
      let value: PropValue;
      if (v === null || typeof v === 'boolean') value = v;
      else if (typeof v === 'number') value = Number.isFinite(v) ? v : String(v);
      else if (typeof v === 'string') value = cut(v, LIMITS.propValue);
      else if (v === undefined) continue;
      else value = cut(JSON.stringify(v) ?? '', LIMITS.propValue);
      out[key] = value;
      n++;
    }
  };
  walk(data as Record<string, unknown>, '', 0);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `1920x1080` → `{w, h}`; anything else → undefined. */
export function screenOf(value: unknown): { w: number; h: number } | undefined {
  const m = typeof value === 'string' ? /^(\d{1,6})[x*×](\d{1,6})$/i.exec(value.trim()) : null;
  return m ? { w: Number(m[1]), h: Number(m[2]) } : undefined;
}

/** An absolute http(s) URL from a full URL or a path on `host`; undefined when neither. */
export function absoluteUrl(value: unknown, host: string | undefined): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value, host ? `https://${host}` : undefined);
  } catch {
    return undefined;
  }
  return /^https?:$/.test(url.protocol) ? url.href : undefined;
}

/**
 * The body of Tally's own hit (collect.schema.ts) for a site. Written as whole literals, not
 * `{ ...base, t }`: on Node 20's V8 a spread followed by more keys took about 5 µs a call (a tenth of
 * an Umami hit's own work, bench/collect.mjs), a literal a few hundredths of that.
 */
export function tallyHit(site: Pick<SiteRow, 'trackingKey'>, hit: CompatHit): Record<string, unknown> {
  const s = site.trackingKey;
  const u = cut(hit.url, LIMITS.url);
  const r = cut(hit.referrer ?? '', LIMITS.url);
  const v = visitorIdOf(hit.clientId);
  if (hit.kind === 'event') return { s, u, r, v, t: 'ev', n: cut(hit.name ?? '', LIMITS.name), d: hit.props };
  return {
    s,
    u,
    r,
    v,
    t: 'pv',
    ti: cut(hit.title ?? '', LIMITS.title),
    w: hit.screen?.w,
    h: hit.screen?.h,
    l: hit.language ? cut(hit.language, 35) : '',
  };
}

/** A hit a protocol could not take: its message for the protocol's own error answer. */
export class CompatRefused extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/**
 * Runs the collect pipeline for one translated hit. Bad input (Tally's schema or the database refusing
 * a value, an unknown or disabled site) becomes `CompatRefused`, for the protocol to answer in its own
 * words; anything else (the database away: 503) stays what it is.
 */
export async function submitHit(
  collect: { collectParsed(json: unknown, ctx: HitContext): Promise<CollectOutcome> },
  json: Record<string, unknown>,
  ctx: HitContext,
): Promise<CollectOutcome> {
  try {
    return await collect.collectParsed(json, ctx);
  } catch (err) {
    if (err instanceof AppError && err.status >= 400 && err.status < 500) {
      const fields = err.errors ? Object.entries(err.errors).map(([f, m]) => `${f}: ${m.join(', ')}`) : [];
      throw new CompatRefused(fields.length > 0 ? fields.join('; ') : err.message);
    }
    throw err;
  }
}

/**
 * Runs `fn` over a batch's items: items with the same key (one visitor) one after another, in order, so
 * a visit opens on its first page; different visitors at once, so their hits share group commits.
 */
export async function inOrderPerKey<T, R>(
  items: T[],
  keyOf: (item: T) => string,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const chains = new Map<string, Promise<void>>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    const previous = chains.get(key) ?? Promise.resolve();
    chains.set(
      key,
      previous.then(async () => {
        results[index] = await fn(item, index);
      }),
    );
  });
  await Promise.all(chains.values());
  return results;
}

/** A UUID-shaped digest: Umami's clients expect ids in that shape. */
export function uuidOf(text: string): string {
  const h = sha256(text);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
