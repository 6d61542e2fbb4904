import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Who may poll a bot: exactly one process at a time, across every process on the database. */
export interface PollerLock {
  /** True when this process holds (or now took) the bot's lock. */
  tryHold(botId: number): Promise<boolean>;
  release(botId: number): Promise<void>;
  close(): Promise<void>;
}

/** Class id of the advisory locks (the object id is the bot's id). */
const LOCK_CLASS = 0x7e1e;

/**
 * PostgreSQL: a session advisory lock per bot on a connection of its own. When the holding process
 * dies its connection closes and the server frees the lock, so another process's next attempt (every
 * few seconds) takes the bot over. A lost connection loses every lock: `onLost` stops the pollers.
 */
export class AdvisoryPollerLock implements PollerLock {
  private client?: pg.Client;
  private readonly held = new Set<number>();

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
    private readonly onLost: () => void,
  ) {}

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (err) => {
      this.log.warn({ reason: err.message }, 'telegram poller lock connection lost');
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    await client.connect();
    this.client = client;
    return client;
  }

  private dropped(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    this.held.clear();
    this.onLost();
  }

  async tryHold(botId: number): Promise<boolean> {
    if (this.held.has(botId)) return true;
    const client = await this.connection();
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
      LOCK_CLASS,
      botId,
    ]);
    if (rows[0]?.ok) this.held.add(botId);
    return this.held.has(botId);
  }

  async release(botId: number): Promise<void> {
    if (!this.held.delete(botId) || !this.client) return;
    await this.client.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, botId]).catch(() => undefined);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    await client?.end().catch(() => undefined);
  }
}

/** PGlite is one process: the lock only keeps a bot to one poller inside it. */
export class LocalPollerLock implements PollerLock {
  private readonly held = new Set<number>();
  async tryHold(botId: number): Promise<boolean> {
    this.held.add(botId);
    return true;
  }
  async release(botId: number): Promise<void> {
    this.held.delete(botId);
  }
  async close(): Promise<void> {
    this.held.clear();
  }
}
