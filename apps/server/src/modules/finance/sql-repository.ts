import type { Executor } from '../../db/client.js';

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

  get sql(): string {
    return this.parts.length > 0 ? `where ${this.parts.join(' and ')}` : '';
  }

  /** LIMIT/OFFSET parameters after the filter's. */
  page(page: number, limit: number): string {
    this.params.push(limit, (page - 1) * limit);
    return `limit $${this.params.length - 1} offset $${this.params.length}`;
  }
}

export const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
export const dayStart = (day: string | undefined) => (day ? `${day}T00:00:00Z` : undefined);
export const dayEnd = (day: string | undefined) =>
  day ? new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString() : undefined;
