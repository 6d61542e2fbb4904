export interface GroupCommitOptions {
  /** A batch is written as soon as it holds this many items… */
  maxBatch: number;
  /** …or when its oldest item has waited this long. */
  maxWaitMs: number;
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
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
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
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
    this.flushing = this.write(batch.map((p) => p.item)).then(
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

  /** Stops accepting items and waits until everything already submitted is written. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing || this.queue.length > 0) {
      if (!this.flushing) this.flushNow();
      await this.flushing?.catch(() => undefined);
    }
  }
}
