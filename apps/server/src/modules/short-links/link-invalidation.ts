import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import type { RedirectCache } from './redirect-cache.js';
import type { ShortLinksRepository } from './short-links.repository.js';

const CHANNEL = 'short_links';
const RECONNECT_MS = 1000;
/** How long a change waits to hear its own notification back before it answers anyway. */
const ECHO_WAIT_MS = 2000;

/**
 * Drops a changed code from the redirect cache of every app process. The NOTIFY is sent inside the
 * change's transaction, so PostgreSQL delivers it exactly when the change commits, to every process's
 * listen connection at once; the change then waits until its own process hears it back, so by the time
 * the admin gets the answer, the server has handed the notification to every listener. PGlite is one
 * process: the cache is dropped in place after the commit.
 */
export class LinkInvalidation {
  private listener: { close(): Promise<void> } | undefined;
  private readonly echoes = new Map<string, () => void>();
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly cache: RedirectCache,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True when other processes may share the database, so the cache waits for the listen connection. */
  get shared(): boolean {
    return this.db.listen !== undefined;
  }

  async start(): Promise<void> {
    if (!this.db.listen || this.closed) return;
    try {
      this.listener = await this.db.listen(CHANNEL, {
        notify: (payload) => this.heard(payload),
        lost: (err) => this.lost(err),
      });
      this.cache.setTrusted(true);
    } catch (err) {
      this.lost(err as Error);
    }
  }

  /**
   * Inside the change's transaction: every process drops these codes when it commits. Answers a wait
   * for the caller to make after the commit.
   */
  async announce(tx: Tx, repo: ShortLinksRepository, codes: string[]): Promise<() => Promise<void>> {
    tx.afterCommit(() => {
      for (const code of codes) this.cache.drop(code);
    });
    if (!this.listener) return async () => undefined;
    const nonce = randomBytes(8).toString('hex');
    // Settles on the echo, or after the limit (also when the transaction rolls back and none comes).
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(nonce, resolve);
      setTimeout(resolve, ECHO_WAIT_MS).unref();
    }).finally(() => this.echoes.delete(nonce));
    await repo.notify(CHANNEL, `${nonce} ${codes.join(' ')}`);
    return () => echoed;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.listener?.close();
    this.listener = undefined;
  }

  private heard(payload: string): void {
    const [nonce = '', ...codes] = payload.split(' ');
    for (const code of codes) this.cache.drop(code);
    this.echoes.get(nonce)?.();
  }

  private lost(err: Error): void {
    this.listener = undefined;
    this.cache.setTrusted(false);
    if (this.closed) return;
    this.log.warn({ err }, 'short-link listen connection lost; redirects read the database until it is back');
    this.timer = setTimeout(() => void this.start(), RECONNECT_MS);
    this.timer.unref();
  }
}
