import type { Executor, Orm } from './client.js';

/**
 * Base of the repositories built on the query builder: `repo.in(tx)` is the same repository on a
 * transaction's connection (fastify/demo's `trx`, bound once instead of passed to every method).
 */
export abstract class Repository {
  constructor(protected readonly orm: Orm) {}

  in(tx: Executor): this {
    const Bound = this.constructor as new (orm: Orm) => this;
    return new Bound(tx.orm);
  }
}
