import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { PageResult } from '../../lib/page-result';
import {
  type FilterKind,
  type FilterValue,
  type ListDefaults,
  type ListState,
  readListState,
  toQuery,
  writeListState,
} from './list-query';

export type ListFilters = Record<string, FilterValue>;

/** What the list's `fetch` receives: the contract's page query with the list's filters. */
export type ListQuery<F extends ListFilters, S extends string> = {
  page: number;
  limit: number;
  sort: S;
  keyword?: string;
  /** The viewer's zone, sent with a day filter (`from`/`to`): list-query.ts toQuery. */
  tz?: string;
} & Partial<F>;

export interface ResourceListOptions<Row, F extends ListFilters, S extends string> {
  /** React Query key prefix; the list's mutations invalidate it. */
  key: readonly unknown[];
  fetch(query: ListQuery<F, S>): Promise<PageResult<Row>>;
  /** The filters the list keeps in the URL, and how each reads back. */
  filters?: { [K in keyof F]-?: FilterKind };
  limit?: number;
  sort: S;
  sorts?: readonly S[];
}

export interface ResourceList<Row, F extends ListFilters = ListFilters, S extends string = string> {
  query: ListQuery<F, S>;
  filters: Partial<F>;
  defaultSort: S;
  data: PageResult<Row> | undefined;
  loading: boolean;
  setPage(page: number, limit?: number): void;
  setSort(sort: S | undefined): void;
  setKeyword(keyword: string): void;
  /** Changes some filters and goes back to page 1. */
  setFilters(patch: Partial<F>): void;
  selected: number[];
  setSelected(ids: number[]): void;
  deselect(ids: readonly number[]): void;
}

const NO_FILTERS = {};

/**
 * A server list whose page, limit, sort, keyword and filters live in the URL (list-query.ts), so a
 * reload, the back button or a shared link shows the same rows. Selection is page state: it clears
 * whenever the query changes.
 */
export function useResourceList<Row, F extends ListFilters = ListFilters, S extends string = string>(
  options: ResourceListOptions<Row, F, S>,
): ResourceList<Row, F, S> {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  // A kept-alive page (tags bar) stays mounted while another page owns the URL: it keeps its query.
  const [ownPath] = useState(pathname);
  const held = useRef<ListState<S> | null>(null);
  const spec = options.filters ?? NO_FILTERS;
  const defaults: ListDefaults<S> = { limit: options.limit ?? 20, sort: options.sort, sorts: options.sorts };
  const sort = options.sort;
  const state = pathname === ownPath || !held.current ? readListState(params, spec, defaults) : held.current;
  held.current = state;
  const query = toQuery(state) as ListQuery<F, S>;
  const result = useQuery({
    queryKey: [...options.key, query],
    queryFn: () => options.fetch(query),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<number[]>([]);

  const update = (patch: Partial<ListState<S>>) => {
    setParams((current) => writeListState(current, { ...state, ...patch }, defaults), { replace: true });
    setSelected([]);
  };

  return {
    query,
    filters: state.filters as Partial<F>,
    defaultSort: sort,
    data: result.data,
    loading: result.isFetching,
    setPage: (page, nextLimit = state.limit) => update({ page, limit: nextLimit }),
    setSort: (next) => update({ sort: next ?? sort, page: 1 }),
    setKeyword: (keyword) => update({ keyword: keyword.trim() || undefined, page: 1 }),
    setFilters: (patch) => update({ filters: { ...state.filters, ...patch }, page: 1 }),
    selected,
    setSelected,
    deselect: (ids) => setSelected((current) => current.filter((id) => !ids.includes(id))),
  };
}
