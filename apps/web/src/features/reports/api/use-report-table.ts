import type { ReportName } from '@tally/contracts';
import { useEffect, useState } from 'react';
import { useRangeParams } from '../model/range-store';
import { type ReportParams, useReport } from './use-report';

export interface TableState {
  page: number;
  limit: number;
  sort: string;
}

/**
 * A server-side report table: the period from the range bar plus this table's page, size, sort
 * and filters. A new period or filter starts again at page 1.
 */
export function useReportTable<T>(
  name: ReportName,
  defaultSort: string,
  filters: ReportParams = {},
  limit = 20,
) {
  const range = useRangeParams();
  const [state, setState] = useState<TableState>({ page: 1, limit, sort: defaultSort });
  const periodKey = JSON.stringify([range, filters]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the period and filters
  useEffect(() => setState((s) => (s.page === 1 ? s : { ...s, page: 1 })), [periodKey]);
  const params: ReportParams = { ...range, ...filters, ...state };
  const query = useReport<T>(name, params);
  return { name, params, state, setState, query, defaultSort };
}

export type ReportTableModel<T> = ReturnType<typeof useReportTable<T>>;
