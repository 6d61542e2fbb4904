import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyStream } from 'pg-copy-streams';
import { acquireDirLock, type DirLock } from './dir-lock.js';
import { isRetryableConflict } from './pg-errors.js';
import { PgliteThread } from './pglite-thread.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers share the query builder; repositories only see this type. */
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;

/** What repositories run statements on: the pool, or the one connection of a transaction. */
export interface Executor {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  /**
   * Raw parameterised SQL, for the statements the query builder cannot express (bulk unnest inserts).
   * `name` makes it a prepared statement, parsed and planned once per connection, for statements on
   * a hot path.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  /**
   * PostgreSQL transactions only: `COPY … FROM STDIN` (text format) fed with `data`, for bulk writes far
   * larger than a statement's parameters (history imports). PGlite has none: its session ends on the
   * COPY sub-protocol over the wire, so its callers keep `unnest` inserts.
   */
  copyFrom?(sql: string, data: Iterable<string>): Promise<void>;
}

/**
 * A transaction's executor (fastify/demo's `trx`): repositories bound to it with `repo.in(tx)` write
 * on its connection, and all of that commits or rolls back together.
 */
export interface Tx extends Executor {
  /** Runs once the transaction committed (cache invalidation); never after a rollback. */
  afterCommit(fn: () => void): void;
}

/** What a service needs to open transactions. */
export interface Transactor {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface Database extends Executor, Transactor {
  /** Parameterless, possibly multi-statement SQL (pg-boss): the rows of the last statement. */
  exec(text: string): Promise<unknown[]>;
  /** Runs the pending migrations of `folder` (the shipped ones; a test migrates part of the way). */
  migrate(folder?: string): Promise<void>;
  /** Pending migrations compared with the journal shipped in this build. */
  migrationsCurrent(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (test snapshots, backups). */
  dump?(): Promise<Blob>;
  /**
   * PGlite only: what autovacuum does on a PostgreSQL server, which PGlite (one backend, no background
   * workers) never does by itself: reclaim deleted rows (the rollup marks are inserted and deleted all
   * day), gather the planner's statistics, and freeze old rows before transaction ids wrap around.
   */
  maintain?(): Promise<void>;
  /**
   * PGlite only: settles, with the reason, if the embedded database's thread ends without `close()`.
   * Every query fails from then on (PostgreSQL's pool, by contrast, reconnects by itself).
   */
  lost?: Promise<Error>;
  /**
   * PostgreSQL only: the server's address, for a connection of its own outside the pool (a session
   * advisory lock held as long as this process lives, such as the Telegram poller's).
   */
  url?: string;
  /**
   * PostgreSQL only: a connection of its own that LISTENs on `channel`, for caches that several app
   * processes must drop together (a NOTIFY sent inside a transaction arrives only once it commits).
   * PGlite is one process: its caches are dropped in place. `lost` reports the connection ending;
   * notifications sent meanwhile are gone, so the caller distrusts its cache until it listens again.
   * The connection's application_name is `listenerName(channel)`, so anyone can count the listeners.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
  /** The pool's connections now, for metrics (PGlite: one connection, and the statements queued for it). */
  poolStats(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Checkouts waiting for a connection. */
  waiting: number;
  max: number;
}

export interface ListenHandlers {
  notify(payload: string): void;
  lost(err: Error): void;
}

export const MIGRATIONS_DIR = new URL('../../src/db/migrations', import.meta.url).pathname;
/** Serialises migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK = 7_114_221;

export interface PgliteSource {
  dataDir?: string;
  /** A tarball made by `dump()`, for tests that start from a migrated snapshot. */
  snapshot?: Blob;
}

const PGLITE_CONF = [
  // PGlite keeps WAL in memory-backed files; a small ceiling keeps the footprint small.
  'max_wal_size = 64MB',
  'min_wal_size = 32MB',
  // Named statements (the collect batch) then plan with their values each time: on PGlite the generic
  // plan halved collect throughput (7.3k against 12.3k events/s, bench/collect.mjs).
  'plan_cache_mode = force_custom_plan',
];

/**
 * The embedded database: PGlite on a thread of its own, reached by node-postgres through a
 * ThreadSocket, so both backends run the same driver and the same statements. PGlite is one session:
 * the pool holds a single connection for the life of the process (queries queue for it, as they queue
 * for PGlite's own lock), and never closes it while idle.
 */
export async function openPglite(source: PgliteSource): Promise<Database> {
  const lock: DirLock | undefined = source.dataDir ? acquireDirLock(source.dataDir) : undefined;
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start({ ...source, conf: PGLITE_CONF });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const pool = new pg.Pool({
    max: 1,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'template1',
    stream: () => thread.socket(),
  });
  // An idle session breaks only when the thread has ended, which `lost` reports; without a listener the
  // pool's error event would be thrown as an uncaught exception instead.
  pool.on('error', () => {});
  return poolDatabase('pglite', pool, {
    async close() {
      await pool.end();
      await thread.close();
      lock?.release();
    },
    dump: () => thread.dump(),
    lost: thread.lost,
    async maintain() {
      await pool.query('vacuum (analyze)');
    },
  });
}

/**
 * A PostgreSQL backend keeps, for the life of its connection, the catalog entries and plans of every
 * statement it has run (ours are named, prepared once per connection). On a long-lived pool that is
 * private memory growing for as long as new statements and partitions appear: the 10-minute soak
 * measured +3.3 MB a minute across the backends (+0.5 with this renewal). Renewing each connection after a few minutes bounds
 * it, for the cost of preparing each statement again once per period.
 */
const CONNECTION_LIFETIME_SECONDS = 300;

/**
 * How long a checkout may wait for a connection (a new one to a server that does not answer, or a turn
 * when all are busy): past it the caller fails with a 503 instead of queueing for as long as the server
 * is away, so requests waiting on a dead database cannot pile up in memory.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long `close()` waits for the pool's connections to come back and end: a connection stuck on a
 * server that went away must not hold a stopping process (SIGTERM) for ever.
 */
const CLOSE_TIMEOUT_MS = 3000;

export async function openPostgres(
  url: string,
  max = 10,
  onIdleError: (err: Error) => void = (err) => console.warn(`database connection lost: ${err.message}`),
): Promise<Database> {
  // JIT compiles a plan when its estimated cost is high; report and rollup joins are often estimated far
  // above what they read, so JIT spent a second compiling queries that run in a tenth of that.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: '-c jit=off',
    maxLifetimeSeconds: CONNECTION_LIFETIME_SECONDS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection dropped by the server (restart, failover, admin kill) must not crash the
  // process; the pool replaces it on the next checkout.
  pool.on('error', onIdleError);
  return poolDatabase('postgres', pool, {
    close: () => within(CLOSE_TIMEOUT_MS, pool.end()),
    url,
    listen: (channel, handlers) => listenOn(url, channel, handlers),
  });
}

/** The application_name of a listen connection (pg_stat_activity shows it to every role). */
export const listenerName = (channel: string) => `tally listen ${channel}`;

/**
 * A connection LISTENing on `channel`. `lost` is reported once per connection, and only for one that
 * was listening (a connection breaking says so twice, `error` then `end`): an attempt that fails
 * rejects instead, so a caller reconnecting from both would not double its attempts on every failure
 * while the server is away.
 */
async function listenOn(url: string, channel: string, handlers: ListenHandlers) {
  const client = new pg.Client({
    connectionString: url,
    application_name: listenerName(channel),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  let state: 'connecting' | 'listening' | 'done' = 'connecting';
  const lost = (err: Error) => {
    if (state !== 'listening') return;
    state = 'done';
    handlers.lost(err);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('listen connection ended')));
  client.on('notification', (n) => {
    if (n.channel === channel) handlers.notify(n.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  } catch (err) {
    state = 'done';
    await client.end().catch(() => undefined);
    throw err;
  }
  state = 'listening';
  return {
    async close() {
      state = 'done';
      await client.end().catch(() => undefined);
    },
  };
}

/** Settles when `promise` does, or after `ms` (then leaving it to finish or fail on its own). */
async function within(ms: number, promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/** Everything but opening and closing is the same on both backends: one pool, one driver. */
function poolDatabase(
  kind: Database['kind'],
  pool: pg.Pool,
  own: Pick<Database, 'close' | 'dump' | 'maintain' | 'lost' | 'listen' | 'url'>,
): Database {
  const inTransaction = guardPool(pool);
  // A connection the server ends while it is checked out (a transaction, migrations) emits `error`
  // with no pool listener on it: unheard, that event would end the process (PostgreSQL restarted,
  // SQLSTATE 57P01). The statement running on it fails anyway, and its release drops it from the pool.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const orm = drizzlePg(pool, { schema });
  const query = queryOn(pool);
  const attemptTransaction = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    const committed: (() => void)[] = [];
    const tx: Tx = {
      kind,
      orm: drizzlePg(client, { schema }),
      query: queryOn(client),
      copyFrom: kind === 'postgres' ? copyOn(client) : undefined,
      afterCommit: (f) => void committed.push(f),
    };
    let result: T;
    try {
      await client.query('begin');
      result = await inTransaction.run(true, () => fn(tx));
      await client.query('commit');
    } catch (err) {
      const rolledBack = await client.query('rollback').then(
        () => true,
        () => false,
      );
      // A connection that could not even roll back is not given back to the pool.
      client.release(rolledBack ? undefined : (err as Error));
      throw err;
    }
    client.release();
    for (const f of committed) f();
    return result;
  };
  return {
    kind,
    orm,
    query,
    /**
     * BEGIN … COMMIT on one connection checked out of the pool. PGlite's pool has one connection, so
     * its transactions (and every other statement) queue behind an open one: they never interleave.
     * On PostgreSQL, a deadlock's victim is run again (up to TX_ATTEMPTS times): PostgreSQL rolled it
     * back whole, so the callback starts afresh. A callback therefore only touches the database; what
     * must happen once goes to `tx.afterCommit`, which only the attempt that committed runs.
     */
    async transaction(fn) {
      if (inTransaction.getStore()) throw new Error(OUTSIDE_TX);
      for (let attempt = 1; ; attempt++) {
        try {
          return await attemptTransaction(fn);
        } catch (err) {
          if (attempt >= TX_ATTEMPTS || !isRetryableConflict(err)) throw err;
          // Apart, so the transactions that met do not meet again at the same instant.
          await sleep(randomInt(1, 20 * attempt));
        }
      }
    },
    async exec(text) {
      const res = (await pool.query(text)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows;
    },
    async migrate(folder = MIGRATIONS_DIR) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: folder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        conn.release();
      }
    },
    migrationsCurrent: () => migrationsCurrent(query),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    ...own,
  };
}

/** Executor's `query` over a pool or one of its connections (a restore's transaction, too). */
export const queryOn =
  (runner: pg.Pool | pg.PoolClient): Executor['query'] =>
  async (text, params, name) =>
    (await runner.query(name ? { name, text, values: params } : { text, values: params })).rows;

const copyOn =
  (client: pg.PoolClient): NonNullable<Executor['copyFrom']> =>
  async (sql, data) => {
    await pipeline(Readable.from(data), client.query(copyStream(sql)));
  };

/** Runs of one transaction before a deadlock is the caller's error (PostgreSQL decides in ~1 s each). */
const TX_ATTEMPTS = 4;

const OUTSIDE_TX =
  'a statement on the pool inside a transaction: use the repositories bound to it (repo.in(tx)); on PGlite it would wait for its own transaction forever';

/**
 * Inside a transaction every statement must go through it. One on the pool would, on PGlite (one
 * connection), wait for the transaction that waits for it; on PostgreSQL it would silently commit on
 * its own. Both fail loudly here instead.
 */
function guardPool(pool: pg.Pool): AsyncLocalStorage<boolean> {
  const inTransaction = new AsyncLocalStorage<boolean>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    if (inTransaction.getStore()) {
      const err = new Error(OUTSIDE_TX);
      const callback = args.find((a) => typeof a === 'function') as ((e: Error) => void) | undefined;
      if (callback) return void callback(err);
      return Promise.reject(err);
    }
    return query(...args);
  };
  return inTransaction;
}

async function migrationsCurrent(query: Database['query']): Promise<boolean> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const last = expected.at(-1);
  if (!last) return true;
  try {
    const [row] = await query<{ created_at: string | number }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    return Number(row?.created_at) >= last.folderMillis;
  } catch {
    return false;
  }
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite({ dataDir: `${opts.dataDir}/pglite` });
}
