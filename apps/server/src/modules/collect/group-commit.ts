export interface GroupCommitOptions {
  /** A batch is written as soon as it holds this many items… */
  maxBatch: number;
  /** …or when its oldest item has waited this long. */
  maxWaitMs: number;
  /**
   * Items waiting for a batch at most (the one being written not counted); past it `submit` fails at
   * once with `QueueFullError`, so a database that is away does not make the queue grow without end.
   */
  maxPending?: number;
  /**
   * A batch failing with an error this accepts (the database refused the connection, or ended it
   * before the statement ran: nothing was written) is written again, a little later each time, for up
   * to `retryForMs`; its callers keep waiting meanwhile. Never while closing.
   */
  retryable?: (err: unknown) => boolean;
  retryForMs?: number;
  /** Told of each batch as its write starts: its size, and how long its oldest item waited (metrics). */
  onBatch?: (size: number, waitedMs: number) => void;
}

/** `submit` refused an item: `maxPending` items are already waiting. */
export class QueueFullError extends Error {
  constructor() {
    super('too many items waiting to be written');
  }
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
  /** performance.now() at submit. */
  at: number;
}

/**
 * Group commit: callers `submit` one item and wait; items are written together in one transaction,
 * and each caller's promise settles only once the batch holding its item is committed (or failed).
 * One batch is in flight at a time; whatever arrives meanwhile forms the next batch, so batches grow
 * with load and the database sees few, large writes.
 */
export class GroupCommit<T, R = void> {
  private queue: Pending<T, R>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  private retrying = true;

  constructor(
    /**
     * Writes the batch in one transaction and returns one result per item, in order; an Error in
     * place of a result fails that item's caller alone (the others' items are committed).
     */
    private readonly write: (items: T[]) => Promise<(R | Error)[]>,
    private readonly opts: GroupCommitOptions,
  ) {}

  submit(item: T): Promise<R> {
    if (this.closed) return Promise.reject(new Error('group commit is closed'));
    if (this.queue.length >= (this.opts.maxPending ?? Number.POSITIVE_INFINITY))
      return Promise.reject(new QueueFullError());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject, at: performance.now() });
      if (this.flushing) return;
      if (this.queue.length >= this.opts.maxBatch) this.flushNow();
      else this.timer ??= setTimeout(() => this.flushNow(), this.opts.maxWaitMs);
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  private flushNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.flushing || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.opts.maxBatch);
    this.opts.onBatch?.(batch.length, performance.now() - batch[0]!.at);
    this.flushing = this.writeRetrying(batch.map((p) => p.item)).then(
      (results) => {
        for (const [i, p] of batch.entries()) {
          const result = results[i];
          if (result instanceof Error) p.reject(result);
          else p.resolve(result as R);
        }
      },
      (err) => {
        for (const p of batch) p.reject(err);
      },
    );
    void this.flushing.finally(() => {
      this.flushing = undefined;
      // Items that queued during the write have waited at least one write already: go at once.
      if (this.queue.length > 0) this.flushNow();
    });
  }

  /** `write`, again after a failure that wrote nothing (see `retryable`), until `retryForMs` has passed. */
  private async writeRetrying(items: T[]): Promise<(R | Error)[]> {
    const since = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.write(items);
      } catch (err) {
        const retry =
          this.retrying &&
          this.opts.retryable?.(err) === true &&
          Date.now() - since < (this.opts.retryForMs ?? 0);
        if (!retry) throw err;
        await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      }
    }
  }

  /**
   * No batch is written again after a failure from now on (the process is stopping: whoever still
   * waits gets an answer at once instead of after `retryForMs`).
   */
  stopRetrying(): void {
    this.retrying = false;
  }

  /** Stops accepting items and waits until everything already submitted is written. */
  async close(): Promise<void> {
    this.closed = true;
    this.retrying = false;
    while (this.flushing || this.queue.length > 0) {
      if (!this.flushing) this.flushNow();
      await this.flushing?.catch(() => undefined);
    }
  }
}
