import {
  type AnyColumn,
  and,
  asc,
  desc,
  gte,
  ilike,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { dayBounds } from '../lib/local-time.js';

/** What every back-office list accepts (the contracts' pageQuerySchema, sort already whitelisted). */
export interface ListQuery {
  page: number;
  limit: number;
  /** `field` ascending, `-field` descending; a field outside the list's sorts falls back to its tie-break. */
  sort?: string;
}

/** A list's sortable fields and the column that breaks ties, so paging is stable. */
export interface ListSpec {
  sorts: Record<string, AnyColumn | SQLWrapper>;
  tiebreak: AnyColumn;
  /** Sort NULLs after values whichever the direction (columns such as publish_at may be empty). */
  nullsLast?: boolean;
}

/** `{ list, total, page, limit }`: the one shape of every list (seed section 7). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** `%keyword%` for ILIKE with the wildcard characters of the keyword taken literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** The keyword filter of a list: any of the columns contains it (case-insensitive); none when empty. */
export function keywordMatch(keyword: string | undefined, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!keyword) return undefined;
  const like = likePattern(keyword);
  return or(...columns.map((column) => ilike(column, like)));
}

/** A list's day filter: the contracts' `from`..`to` (both included) on the `tz` clock (else the server's). */
export interface DayFilter {
  from?: string;
  to?: string;
  tz?: string;
}

/** `column` within the filter's days, on the viewer's clock (lib/local-time.ts dayBounds); none when unset. */
export function withinDays(column: AnyColumn, days: DayFilter): SQL | undefined {
  const { since, until } = dayBounds(days.from, days.to, days.tz);
  return and(since ? gte(column, since) : undefined, until ? lt(column, until) : undefined);
}

/** ORDER BY for `sort`, then the tie-break descending (newest first among equals). */
export function orderFor(spec: ListSpec, sort = ''): SQL[] {
  const descending = sort.startsWith('-');
  const field = spec.sorts[sort.replace(/^-/, '')] ?? spec.tiebreak;
  const primary = spec.nullsLast
    ? sql`${field} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`
    : descending
      ? desc(field)
      : asc(field);
  return [primary, desc(spec.tiebreak)];
}

/**
 * One page of a list. `rows` is the repository's select (columns, joins, where) made `$dynamic()`;
 * `count` counts the same rows: `orm.$count(table, where)`, or a `select(countAll)` with the same joins
 * when the filter reads a joined table. Both run at once.
 */
export async function listPage<Q extends PgSelect>(
  rows: Q,
  count: PromiseLike<number | { n: number }[]>,
  query: ListQuery,
  spec: ListSpec,
): Promise<Page<Awaited<Q>[number]>> {
  const [list, counted] = await Promise.all([
    rows
      .orderBy(...orderFor(spec, query.sort))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    count,
  ]);
  return {
    list: list as Awaited<Q>[number][],
    total: typeof counted === 'number' ? counted : Number(counted[0]?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

/** The page with each row turned into what the caller answers with. */
export function mapPage<R, T>(page: Page<R>, map: (row: R) => T): Page<T> {
  return { ...page, list: page.list.map(map) };
}

/** The count half of listPage: `count(*)` as a number. */
export const countAll = { n: sql<number>`count(*)::int` };
