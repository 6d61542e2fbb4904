import type { ReportName } from '@tally/contracts';
import { REPORT_PATHS } from '@tally/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request';
import { type ReportSource, useReportSource } from './report-source';

export type ReportParams = Record<string, string | number | boolean | undefined>;

export function reportUrl(source: ReportSource, name: ReportName): string {
  return `${source.base}${REPORT_PATHS[name]}`;
}

/** Every report but the all-sites one reads the selected site. */
export function reportParams(source: ReportSource, name: ReportName, params: ReportParams): ReportParams {
  return source.siteId === undefined || name === 'all' ? params : { site_id: source.siteId, ...params };
}

/**
 * One report call, cached per source, site and parameters. The previous answer stays on screen
 * while the next loads, so switching the range does not collapse the page.
 */
export function useReport<T>(
  name: ReportName,
  params: ReportParams,
  options: { refetchInterval?: number; initialData?: T } = {},
) {
  const source = useReportSource();
  return useQuery({
    queryKey: ['report', source.base, name === 'all' ? null : (source.siteId ?? null), name, params],
    queryFn: () => get<T>(reportUrl(source, name), reportParams(source, name, params)),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
    // An answer handed in (the overview carries the online count) is fresh until the next interval.
    ...(options.initialData === undefined
      ? {}
      : { initialData: options.initialData, staleTime: options.refetchInterval }),
  });
}
