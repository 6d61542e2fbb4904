import pg from 'pg';

/**
 * Who may read TronGrid: one chain-watcher cycle at a time, across every process on the database, so
 * one rate limiter spaces every request made with the key. `run` answers undefined, without running
 * `work`, while another cycle holds the lock: that cycle reads every address anyway.
 *
 * Why a lock and not a token bucket in the database: every cycle reads every address, so a second
 * watcher polling at the same time only repeats the first one's requests (its transfers are found
 * stored already); a shared bucket would cost a database write per request to split the same rate
 * between two processes doing the same work. The holder's limiter alone then keeps the rate.
 */
export interface WatcherLock {
  run<T>(work: () => Promise<T>): Promise<T | undefined>;
}

/** Inside one process (PGlite is one process): a cycle started while another runs is skipped. */
export class LocalWatcherLock implements WatcherLock {
  private busy = false;

  async run<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (this.busy) return undefined;
    this.busy = true;
    try {
      return await work();
    } finally {
      this.busy = false;
    }
  }
}

/** Class and object id of the advisory lock (one watcher per database). */
const LOCK_CLASS = 0x7e20;
const LOCK_ID = 1;

/**
 * PostgreSQL: the local lock, then a session advisory lock on a connection of its own for the cycle.
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
