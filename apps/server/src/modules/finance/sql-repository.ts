import type { Executor } from '../../db/client.js';
import type { DayFilter } from '../../db/list-query.js';
import { dayBounds } from '../../lib/local-time.js';

/**
 * Base of the finance repositories: raw parameterised SQL (the locking, ON CONFLICT and partial-index
 * statements read plainer than the query builder's), `in(tx)` for the same statements in a transaction.
 */
export abstract class SqlRepository {
  constructor(protected readonly db: Executor) {}

  in(tx: Executor): this {
    const Bound = this.constructor as new (db: Executor) => this;
    return new Bound(tx);
  }

  /**
   * One page of a money list and, over every filtered row, their count and the sum of an amount:
   * `count` selects `n` and `sum`, `rows` the page's rows (both with `where`'s parameters).
   */
  protected async pageWithSum<T>(
    sql: { count: string; rows: string },
    where: Where,
    page: number,
    limit: number,
  ) {
    const [totals] = await this.db.query<{ n: number; sum: string }>(sql.count, where.params);
    const rows = await this.db.query<T>(`${sql.rows} ${where.page(page, limit)}`, where.params);
    return { rows, total: totals?.n ?? 0, sum: BigInt(totals?.sum ?? '0') };
  }
}

/** WHERE parts and their parameters, built up filter by filter (values always as $n, never in the text). */
export class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, value: unknown): this {
    if (value === undefined || value === '') return this;
    this.params.push(value);
    this.parts.push(condition.replaceAll('$?', `$${this.params.length}`));
    return this;
  }

  /** `column` between two amounts (either may be missing). */
  amountBetween(column: string, min?: bigint, max?: bigint): this {
    return this.add(`${column} >= $?`, min?.toString()).add(`${column} <= $?`, max?.toString());
  }

  /** `column` within the days `from`..`to` on the `tz` clock, both included (either may be missing). */
  daysBetween(column: string, days: DayFilter): this {
    const { since, until } = dayBounds(days.from, days.to, days.tz);
    return this.add(`${column} >= $?`, since?.toISOString()).add(`${column} < $?`, until?.toISOString());
  }

  get sql(): string {
    return this.parts.length > 0 ? `where ${this.parts.join(' and ')}` : '';
  }

  /** LIMIT/OFFSET parameters after the filter's. */
  page(page: number, limit: number): string {
    this.params.push(limit, (page - 1) * limit);
    return `limit $${this.params.length - 1} offset $${this.params.length}`;
  }
}

/**
 * `order by` for a list's sort (`-` descending) from its whitelist of columns; the id breaks ties in
 * the same direction so pages (and an export's batches) never overlap. Empty times sort last.
 */
export function orderOf(sort: string | undefined, columns: Record<string, string>, id: string): string {
  const desc = !sort || sort.startsWith('-');
  const column = columns[(sort ?? '').replace(/^-/, '')] ?? id;
  const dir = desc ? 'desc' : 'asc';
  return column === id ? `order by ${id} ${dir}` : `order by ${column} ${dir} nulls last, ${id} ${dir}`;
}

export const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
