import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { COUNTRY_CODES } from './country-codes.js';
import { collectDataFile } from './data-dir.js';
import { decodeKeywordBytes, percentDecodeBytes } from './keyword-charset.js';

/** One host entry of the vendored `SearchEngines.yml` (Matomo's format, see data/SOURCE.md). */
export interface EngineDefinition {
  name: string;
  params: string[];
  hiddenkeyword: string[];
  charsets: string[];
}

interface RawDefinition {
  urls?: string[];
  params?: string[];
  hiddenkeyword?: string[];
  charsets?: string[];
}

/**
 * Matomo's default for a definition without `hiddenkeyword`: the engine's bare origin is a search whose
 * keyword is hidden. Browsers trim a cross-site referrer to its origin (`strict-origin-when-cross-origin`),
 * so `https://www.so.com/` is what a click from 360 Search brings.
 */
export const DEFAULT_HIDDEN_KEYWORD = ['/^$/', '/'];

/** `{ hostOrHostPath → definition }`; `{}` in a key stands for any country TLD. */
export function loadEngineDefinitions(yamlText: string): Map<string, EngineDefinition> {
  const doc = parse(yamlText) as Record<string, RawDefinition[] | null>;
  const byHost = new Map<string, EngineDefinition>();
  for (const [name, defs] of Object.entries(doc)) {
    for (const def of defs ?? []) {
      const definition = {
        name,
        params: def.params ?? [],
        hiddenkeyword: def.hiddenkeyword ?? DEFAULT_HIDDEN_KEYWORD,
        charsets: def.charsets ?? [],
      };
      // Like Matomo, a later definition of the same host wins.
      for (const url of def.urls ?? []) byHost.set(url, definition);
    }
  }
  return byHost;
}

/**
 * Hidden-keyword paths the upstream list lacks: Baidu's HTTPS result pages link out through
 * `/link?url=…` (and ads through `/baidu.php?url=…`), so that is the referrer a Baidu visitor brings.
 */
const EXTRA_HIDDEN: Record<string, string[]> = {
  Baidu: ['/\\/link\\?url=.*/', '/\\/baidu\\.php\\?url=.*/'],
};

let engines: Map<string, EngineDefinition> | undefined;
export function defaultEngines(): Map<string, EngineDefinition> {
  if (!engines) {
    engines = loadEngineDefinitions(readFileSync(collectDataFile('SearchEngines.yml'), 'utf8'));
    for (const def of new Set(engines.values())) {
      const extra = EXTRA_HIDDEN[def.name];
      if (extra) def.hiddenkeyword = [...def.hiddenkeyword, ...extra];
    }
  }
  return engines;
}

const CC = COUNTRY_CODES.join('|');
const LOSSY_RULES: [RegExp, string][] = [
  [/^(w+[0-9]*|search)\./, ''],
  [/(^|\.)m\./, '$1'],
  [new RegExp(`(\\.(com|org|net|co|it|edu))?\\.(${CC})(\\/|$)`), '.{}$4'],
  [new RegExp(`(^|\\.)(${CC})\\.`), '$1{}.'],
];

/** Matomo's `getLossyUrl`: strips www/search/m prefixes and folds country parts into `{}`. */
export function lossyHost(host: string): string {
  return LOSSY_RULES.reduce((h, [re, to]) => h.replace(re, to), host);
}

function findDefinition(
  defs: Map<string, EngineDefinition>,
  host: string,
  path: string,
  query: string,
): EngineDefinition | undefined {
  const pattern = lossyHost(host);
  // Host + path first, so `bing.com/images/search` (Bing Images) beats `bing.com` (Bing).
  const direct = defs.get(host + path) ?? defs.get(host) ?? defs.get(pattern + path) ?? defs.get(pattern);
  if (direct) return direct;
  if (query.startsWith('cx=partner-pub-')) return defs.get('google.com/cse');
  if (host.includes('.images.search.yahoo.com')) return defs.get('images.search.yahoo.com');
  if (host.includes('.search.yahoo.com')) return defs.get('search.yahoo.com');
  return undefined;
}

/** A `/regex/` entry of the list, in PCRE-with-delimiters form. */
function asRegex(entry: string): RegExp | undefined {
  if (entry.length > 1 && entry.startsWith('/') && entry.endsWith('/')) return new RegExp(entry.slice(1, -1));
  return undefined;
}

function rawQueryParam(query: string, name: string): string | undefined {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The page's charset hint: Baidu and most engines say `ie=`, Yahoo! Japan says `ei=`. */
function charsetHint(query: string): string | undefined {
  const raw = rawQueryParam(query, 'ie') || rawQueryParam(query, 'ei');
  return raw ? safeDecode(raw) : undefined;
}

export interface SearchMatch {
  engine: string;
  /** `null` when the engine is known but hides the keyword (HTTPS referrers, Baidu `/link?url=`). */
  keyword: string | null;
}

/**
 * Matomo's `SearchEngine::extractInformationFromUrl`, ported: find the engine by host (and path),
 * read the keyword from its params (`/regex/` entries run on the whole URL), decode legacy charsets,
 * and accept an empty keyword only on the engine's hidden-keyword paths.
 */
export function detectSearchEngine(
  referrer: URL,
  defs: Map<string, EngineDefinition> = defaultEngines(),
): SearchMatch | null {
  const host = referrer.hostname.toLowerCase();
  if (!host) return null;
  const path = referrer.pathname;
  let query = referrer.search.slice(1);
  const fragment = referrer.hash.slice(1);
  // Some Google referrers carry the keyword in the fragment.
  if (fragment) query += `&${fragment}`;
  const def = findDefinition(defs, host, path, query);
  if (!def) return null;

  const hint = charsetHint(query);
  let keyword: string | null | undefined;
  for (const param of def.params) {
    const re = asRegex(param);
    // A pattern captures from the whole URL, a name reads the query; both are form-encoded ('+' is a space).
    const raw = re ? re.exec(referrer.href)?.[1] : rawQueryParam(query, param);
    if (raw === undefined) continue;
    const text = decodeKeywordBytes(percentDecodeBytes(raw), def.charsets, hint).trim();
    // A present but empty parameter still means "a search, keyword unknown".
    keyword = text === '' ? null : text;
    break;
  }

  if (keyword === undefined || keyword === '') {
    const target = path + (query ? `?${query}` : '');
    const hidden = def.hiddenkeyword.some((entry) => {
      const re = asRegex(entry);
      return re ? re.test(target) : entry === target;
    });
    if (!hidden) return null;
    keyword = null;
  }
  return { engine: def.name, keyword: keyword === null ? null : keyword.toLowerCase() };
}
