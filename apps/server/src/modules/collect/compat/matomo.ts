import { absoluteUrl, type CompatHit, CompatRefused, cut, LIMITS, type Props, screenOf } from './shared.js';

/**
 * Matomo's Tracking HTTP API (developer.matomo.org/api-reference/tracking-api) read into Tally hits:
 * one request is one action. `idsite` names the site (its Matomo site id alias, or Tally's tracking
 * key), `rec=1` asks for recording, `url` is the page. The action is, first found:
 *
 * | Parameters | Tally hit |
 * | --- | --- |
 * | `e_c`, `e_a` (`e_n`, `e_v`) | event named by the category, with `action`, `name`, `value` |
 * | `search` (`search_cat`, `search_count`) | event `site_search` with `keyword`, `category`, `count` |
 * | `link` | event `outbound` with `url` (as Tally's tracker names outbound clicks) |
 * | `download` | event `download` with `url` |
 * | `ping=1` | heartbeat: accepted, nothing to store (Tally counts engaged time from its own pings) |
 * | otherwise | page view titled `action_name` |
 *
 * `urlref` is the referrer, `_id` (or `cid` with the token) the visitor, `uid` the user id (a visitor
 * property), `res` the screen, `lang` the language (else Accept-Language). `ua`, `cip` and `cdt`
 * (user agent, address, time) are honoured only with `token_auth` of the site (see matomo.service.ts).
 * Campaign parameters (`mtm_*`, `pk_*`, `utm_*`) stay in the URL and are read from it as UTM
 * (enrich/utm.ts). `h`/`m`/`s` (the visitor's local time) are read but Tally keeps no column for them.
 */
export interface MatomoAction {
  idsite: string;
  record: boolean;
  /** A heartbeat (`ping=1`): accepted, nothing stored. */
  ping: boolean;
  hit: CompatHit;
  /** Matomo's `uid`: stored as the visitor's distinct id. */
  userId?: string;
  /** Only applied with a valid token. */
  overrides: { ua?: string; cip?: string; cdt?: Date; cid?: string };
  tokenAuth?: string;
  /** `send_image=0`: answer 204 instead of the GIF. */
  noImage: boolean;
}

const get = (q: URLSearchParams, key: string) => {
  const v = q.get(key);
  return v === null || v.trim() === '' ? undefined : v;
};

/** `cdt`: a UNIX timestamp (seconds, maybe with decimals) or a `YYYY-MM-DD hh:mm:ss` UTC date time. */
export function matomoTime(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const t = /^\d+(\.\d+)?$/.test(value)
    ? Number(value) * 1000
    : Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isFinite(t) ? new Date(t) : undefined;
}

/** A number Matomo sends as text (`e_v`, `search_count`), as a number when it is one. */
const numeric = (v: string | undefined) => (v !== undefined && Number.isFinite(Number(v)) ? Number(v) : v);

function action(q: URLSearchParams): Pick<CompatHit, 'kind' | 'name' | 'props'> {
  const eventCategory = get(q, 'e_c');
  if (eventCategory !== undefined || get(q, 'e_a') !== undefined) {
    const props: Props = { category: eventCategory ?? '', action: get(q, 'e_a') ?? '' };
    if (get(q, 'e_n') !== undefined) props.name = cut(get(q, 'e_n')!, LIMITS.propValue);
    if (get(q, 'e_v') !== undefined) props.value = numeric(get(q, 'e_v')) ?? null;
    return { kind: 'event', name: eventCategory ?? get(q, 'e_a'), props };
  }
  const keyword = q.get('search');
  if (keyword !== null) {
    const props: Props = { keyword: cut(keyword, LIMITS.propValue) };
    if (get(q, 'search_cat') !== undefined) props.category = cut(get(q, 'search_cat')!, LIMITS.propValue);
    if (get(q, 'search_count') !== undefined) props.count = numeric(get(q, 'search_count')) ?? null;
    return { kind: 'event', name: 'site_search', props };
  }
  const link = get(q, 'link');
  if (link !== undefined)
    return { kind: 'event', name: 'outbound', props: { url: cut(link, LIMITS.propValue) } };
  const download = get(q, 'download');
  if (download !== undefined)
    return { kind: 'event', name: 'download', props: { url: cut(download, LIMITS.propValue) } };
  return { kind: 'pageview' };
}

/**
 * One tracking request's parameters (the query, with a form body's fields added, as Matomo merges
 * `$_GET + $_POST`). `acceptLanguage` stands in for a missing `lang`.
 */
export function parseMatomoRequest(q: URLSearchParams, acceptLanguage?: string): MatomoAction {
  const idsite = get(q, 'idsite');
  if (!idsite) throw new CompatRefused('idsite: required');
  const url = absoluteUrl(get(q, 'url'), undefined);
  if (!url) throw new CompatRefused('url: a full http(s) URL is required');
  const lang = get(q, 'lang') ?? acceptLanguage;
  const visitorId = get(q, '_id');
  const { kind, name, props } = action(q);
  // A whole literal, not `{ ...action(q), url, … }`: see tallyHit in shared.ts.
  const hit: CompatHit = {
    kind,
    name,
    props,
    url,
    referrer: absoluteUrl(get(q, 'urlref'), undefined) ?? '',
    title: get(q, 'action_name'),
    screen: screenOf(get(q, 'res')),
    language: lang?.split(',')[0]?.split(';')[0]?.trim(),
    clientId: visitorId && /^[0-9a-f]{16}$/i.test(visitorId) ? visitorId : undefined,
  };
  return {
    idsite,
    record: q.get('rec') === '1',
    ping: q.get('ping') === '1',
    hit,
    userId: get(q, 'uid'),
    overrides: {
      ua: get(q, 'ua'),
      cip: get(q, 'cip'),
      cdt: matomoTime(get(q, 'cdt')),
      cid: get(q, 'cid'),
    },
    tokenAuth: get(q, 'token_auth'),
    noImage: q.get('send_image') === '0',
  };
}
