import type { ReportName } from '@tally/contracts';
import { useState } from 'react';
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
  const query = useReport<T>(name, params);
  return { name, params, state, setState, query, defaultSort };
}

export type ReportTableModel<T> = ReturnType<typeof useReportTable<T>>;
