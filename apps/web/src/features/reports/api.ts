import {
  type EndpointData,
  type EndpointInput,
  PREVIEW_API,
  REPORT_API,
  type ReportName,
} from '@tally/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { download } from '../../lib/download';
import { type Language, LOCALE } from '../../lib/language';
import { caller } from '../../lib/request';
import { useRangeParams } from './model/range-store';
import { type ReportSource, useReportSource } from './model/report-source';

/** A report's call: the signed-in caller's (REPORT_API) or the public preview's (PREVIEW_API). */
type ReportCall<N extends ReportName> = (typeof REPORT_API)[N] | (typeof PREVIEW_API)[N];

/** What a report answers: the same under both sources. */
export type ReportData<N extends ReportName> = EndpointData<ReportCall<N>>;

/**
 * A report's query as the pages build it from the range bar, the table and its filters. Flags stay
 * booleans (the request client writes them as `true`/`false`, which the query schema reads); the server checks
 * every value.
 */
export type ReportParams = Record<string, string | number | boolean | undefined>;

function reportCall<N extends ReportName>(source: ReportSource, name: N): ReportCall<N> {
  return source.preview ? PREVIEW_API[name] : REPORT_API[name];
}

/** Every report but the all-sites one reads the selected site. */
function reportParams(source: ReportSource, name: ReportName, params: ReportParams): ReportParams {
  return source.siteId === undefined || name === 'all' ? params : { site_id: source.siteId, ...params };
}

function fetchReport<N extends ReportName>(source: ReportSource, name: N, params: ReportParams) {
  // The loose query of ReportParams (see there) as the call's input: the server's schema checks it.
  const input = reportParams(source, name, params) as EndpointInput<ReportCall<N>>;
  return caller(reportCall(source, name))(input);
}

/**
 * One report call, cached per source, site and parameters. The previous answer stays on screen
 * while the next loads, so switching the range does not collapse the page.
 */
export function useReport<N extends ReportName>(
  name: N,
  params: ReportParams,
  options: { refetchInterval?: number; initialData?: ReportData<N> } = {},
): UseQueryResult<ReportData<N>> {
  const source = useReportSource();
  return useQuery({
    queryKey: ['report', source.preview, name === 'all' ? null : (source.siteId ?? null), name, params],
    queryFn: () => fetchReport(source, name, params),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
    // An answer handed in (the overview carries the online count) is fresh until the next interval.
    ...(options.initialData === undefined
      ? {}
      : { initialData: options.initialData, staleTime: options.refetchInterval }),
  });
}

export interface TableState {
  page: number;
  limit: number;
  sort: string;
}

/** A server-side report table: its query, page, size and sort (ReportTable shows it). */
export interface ReportTableModel<T> {
  name: ReportName;
  params: ReportParams;
  state: TableState;
  setState(update: (s: TableState) => TableState): void;
  query: UseQueryResult<T>;
  defaultSort: string;
}

/**
 * A server-side report table: the period from the range bar plus this table's page, size, sort
 * and filters. A new period or filter starts again at page 1.
 */
export function useReportTable<N extends ReportName>(
  name: N,
  defaultSort: string,
  filters: ReportParams = {},
  limit = 20,
): ReportTableModel<ReportData<N>> {
  const range = useRangeParams();
  const periodKey = JSON.stringify([range, filters]);
  const [stored, setStored] = useState({ page: 1, limit, sort: defaultSort, periodKey });
  // Page 1 is derived during render, so a new period asks for page 1 at once rather than asking for
  // the old page first and correcting it in an effect.
  const shown = (s: typeof stored): TableState => ({
    page: s.periodKey === periodKey ? s.page : 1,
    limit: s.limit,
    sort: s.sort,
  });
  const state = shown(stored);
  const setState = (update: (s: TableState) => TableState) =>
    setStored((prev) => ({ ...update(shown(prev)), periodKey }));
  const params: ReportParams = { ...range, ...filters, ...state };
  const query = useReport(name, params);
  return { name, params, state, setState, query, defaultSort };
}

/**
 * The whole table as the server writes it (every row, not just this page): the report's own call
 * with `format=csv`. The call carries the session header, so it is fetched here and handed to the
 * browser as a download.
 */
export async function exportCsv(
  source: ReportSource,
  name: ReportName,
  params: ReportParams,
  language: Language,
): Promise<void> {
  const { page: _page, limit: _limit, ...rest } = params;
  await download(
    reportCall(source, name),
    reportParams(source, name, { ...rest, format: 'csv', lang: LOCALE[language] }),
    `${name}.csv`,
  );
}
