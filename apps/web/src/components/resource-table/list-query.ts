/**
 * The query state of a server list (seed `fetch`: page, limit, sort, keyword, filters) as URL
 * search parameters, so a reload or a shared link opens the same page of the same list. Pure
 * functions: use-resource-list.ts binds them to the router.
 */
import { viewerTimeZone } from '../../lib/time-zone';

/** How a filter reads back from the URL: free text, a number, or one of a fixed set of values. */
export type FilterKind = 'string' | 'number' | readonly string[];
export type FilterValue = string | number | undefined;
export type FilterSpec = Record<string, FilterKind>;

export interface ListState<S extends string = string> {
  page: number;
  limit: number;
  sort: S;
  keyword?: string;
  filters: Record<string, FilterValue>;
}

export interface ListDefaults<S extends string = string> {
  limit: number;
  sort: S;
  /** Accepted sorts (the server's whitelist); anything else in the URL reads as the default. */
  sorts?: readonly S[];
}

/** The contract's bounds (pageQuerySchema): a hand-edited URL never becomes a 422. */
const MAX_PAGE = 100000;
const MAX_LIMIT = 200;

function whole(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

function readFilter(raw: string | null, kind: FilterKind): FilterValue {
  if (raw === null || raw === '') return undefined;
  if (kind === 'string') return raw;
  if (kind === 'number') return /^\d+$/.test(raw) ? Number(raw) : undefined;
  return kind.includes(raw) ? raw : undefined;
}

export function readListState<S extends string>(
  params: URLSearchParams,
  spec: FilterSpec,
  defaults: ListDefaults<S>,
): ListState<S> {
  const sort = params.get('sort') as S | null;
  const filters: Record<string, FilterValue> = {};
  for (const [name, kind] of Object.entries(spec)) filters[name] = readFilter(params.get(name), kind);
  return {
    page: whole(params.get('page'), MAX_PAGE) ?? 1,
    limit: whole(params.get('limit'), MAX_LIMIT) ?? defaults.limit,
    sort: sort && (!defaults.sorts || defaults.sorts.includes(sort)) ? sort : defaults.sort,
    keyword: params.get('keyword') || undefined,
    filters,
  };
}

/** `params` with the list's keys replaced by `state`; defaults are left out, other keys kept. */
export function writeListState<S extends string>(
  params: URLSearchParams,
  state: ListState<S>,
  defaults: ListDefaults<S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: FilterValue, fallback?: FilterValue) => {
    if (value === undefined || value === '' || value === fallback) next.delete(name);
    else next.set(name, String(value));
  };
  put('page', state.page, 1);
  put('limit', state.limit, defaults.limit);
  put('sort', state.sort, defaults.sort);
  put('keyword', state.keyword);
  for (const [name, value] of Object.entries(state.filters)) put(name, value);
  return next;
}

/** What the server's `fetch` call receives. */
export function toQuery<S extends string>(state: ListState<S>) {
  const query: Record<string, FilterValue> = { page: state.page, limit: state.limit, sort: state.sort };
  if (state.keyword) query.keyword = state.keyword;
  for (const [name, value] of Object.entries(state.filters)) if (value !== undefined) query[name] = value;
  // A day filter counts the viewer's days, as the list shows its times (the server is told the zone).
  if (query.from !== undefined || query.to !== undefined) query.tz = viewerTimeZone();
  return query;
}
