import pg from 'pg';

/**
 * Who may read TronGrid: one chain-watcher cycle at a time, across every process on the database, so
 * one rate limiter spaces every request made with the key. Inside a process cycles take turns (the
 * minute's job, 立即同步, a test's cycle: each waits for the one running, then reads). Across processes
 * `run` answers undefined, without running `work`, while another process holds the lock: that cycle
 * reads every address anyway, and waiting on it would pile up a connection per minute behind a slow one.
 *
 * Why a lock and not a token bucket in the database: every cycle reads every address, so a second
 * watcher polling at the same time only repeats the first one's requests (its transfers are found
 * stored already); a shared bucket would cost a database write per request to split the same rate
 * between two processes doing the same work. The holder's limiter alone then keeps the rate.
 */
export interface WatcherLock {
  run<T>(work: () => Promise<T>): Promise<T | undefined>;
}

/** Inside one process (PGlite is one process): cycles run one after another, in the order they asked. */
export class LocalWatcherLock implements WatcherLock {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T | undefined> {
    const turn = this.last.then(work, work);
    this.last = turn.catch(() => undefined);
    return turn;
  }
}

/** Class and object id of the advisory lock (one watcher per database). */
const LOCK_CLASS = 0x7e20;
const LOCK_ID = 1;

/**
 * PostgreSQL: the local turn, then a session advisory lock on a connection of its own for the cycle.
 * A process that dies mid-cycle closes its connection, and the server frees the lock with it.
 */
export class AdvisoryWatcherLock implements WatcherLock {
  private readonly local = new LocalWatcherLock();

  constructor(private readonly url: string) {}

  async run<T>(work: () => Promise<T>): Promise<T | undefined> {
    let result: T | undefined;
    await this.local.run(async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: 'tally chain watcher' });
      // A connection lost mid-cycle only frees the lock early; the cycle's own writes use the pool.
      client.on('error', () => undefined);
      await client.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          LOCK_CLASS,
          LOCK_ID,
        ]);
        if (!rows[0]?.ok) return;
        result = await work();
        await client.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, LOCK_ID]);
      } finally {
        await client.end().catch(() => undefined);
      }
    });
    return result;
  }
}
