import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, listenerName, type Tx } from '../../db/client.js';
import type { RedirectCache } from './redirect-cache.js';
import type { ShortLinksRepository } from './short-links.repository.js';

const CHANNEL = 'short_links';
const RECONNECT_MS = 1000;
/** How long a change waits for every process to confirm before it answers anyway (a process died). */
const ACK_WAIT_MS = 2000;

interface Waiting {
  acks: number;
  /** Known once the listeners were counted after the commit. */
  needed: number | undefined;
  done(): void;
}

/**
 * Drops a changed code from the redirect cache of every app process, before the change is answered.
 *
 * PGlite is one process: the cache is dropped in place right after the commit. On PostgreSQL the change
 * sends `NOTIFY short_links '<nonce> <codes>'` inside its transaction, so every process's listen
 * connection gets it exactly when the change commits; each process drops the codes and answers
 * `ack <nonce>` on the same channel. The change waits for as many acks as there are listen connections
 * (counted by application_name), so when the admin sees "saved", no process can still redirect from
 * the old link: the very next request anywhere reads the change.
 */
export class LinkInvalidation {
  private listener: { close(): Promise<void> } | undefined;
  private readonly waiting = new Map<string, Waiting>();
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly repo: ShortLinksRepository,
    private readonly cache: RedirectCache,
    private readonly log: FastifyBaseLogger,
  ) {}

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
   * Inside the change's transaction: every process drops these codes when it commits. Answers the wait
   * to make after the commit.
   */
  async announce(tx: Tx, repo: ShortLinksRepository, codes: string[]): Promise<() => Promise<void>> {
    tx.afterCommit(() => {
      for (const code of codes) this.cache.drop(code);
    });
    if (!this.db.listen) return async () => undefined;
    const nonce = randomBytes(8).toString('hex');
    // Registered before the commit: the first acks may arrive before the caller starts waiting. A
    // transaction that rolls back gets no acks; its entry goes after the limit.
    this.waitFor(nonce);
    setTimeout(() => this.waiting.delete(nonce), 2 * ACK_WAIT_MS).unref();
    await repo.notify(CHANNEL, `${nonce} ${codes.join(' ')}`);
    return () => this.acknowledged(nonce);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.listener?.close();
    this.listener = undefined;
  }

  /** Settles when every listening process confirmed the drop, or after the limit. */
  private acknowledged(nonce: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(finish, ACK_WAIT_MS);
      timer.unref();
      const w = this.waitFor(nonce);
      w.done = finish;
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.repo.countSessions(listenerName(CHANNEL)).then((n) => {
        w.needed = n;
        if (w.acks >= n) finish();
      }, finish);
    }).finally(() => this.waiting.delete(nonce));
  }

  private waitFor(nonce: string): Waiting {
    let w = this.waiting.get(nonce);
    if (!w) {
      w = { acks: 0, needed: undefined, done: () => undefined };
      this.waiting.set(nonce, w);
    }
    return w;
  }

  private heard(payload: string): void {
    const [head = '', ...rest] = payload.split(' ');
    if (head === 'ack') {
      const w = this.waiting.get(rest[0] ?? '');
      if (!w) return;
      w.acks += 1;
      if (w.needed !== undefined && w.acks >= w.needed) w.done();
      return;
    }
    for (const code of rest) this.cache.drop(code);
    this.repo
      .notify(CHANNEL, `ack ${head}`)
      .catch((err) => this.log.warn({ err }, 'short-link ack not sent'));
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
