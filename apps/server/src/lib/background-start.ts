/** Where a background start is: what `/healthz` shows of the job queue and the bots. */
export type StartState = 'idle' | 'starting' | 'retrying' | 'ready' | 'stopped';

export interface StartStatus {
  state: StartState;
  /** Attempts made so far (the one running included). */
  attempts: number;
  /** Why the last attempt failed, while retrying (and after, until one succeeds). */
  last_error?: string;
}

interface StartLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface BackgroundStartOptions {
  log: StartLog;
  /** Delay before the second attempt; doubled for each further one, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Runs a start (the job queue's, the bots') in the background, again after each failure with
 * exponential backoff, until it succeeds or `stop()` is called. HTTP does not wait for it: on a busy
 * machine such a start may take longer than any fixed limit (Fastify's 10 s for an `onReady` hook
 * failed starts at load 20–45), and with the database away it cannot succeed until it is back.
 * `ready()` settles when it has succeeded (tests, and whoever must not run before it).
 */
export class BackgroundStart {
  private state: StartState = 'idle';
  private attempts = 0;
  private lastError: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private attempt: Promise<void> | undefined;
  private readonly done: Promise<void>;
  private settle!: { resolve(): void; reject(err: Error): void };

  constructor(
    private readonly name: string,
    private readonly run: () => Promise<void>,
    private readonly opts: BackgroundStartOptions,
  ) {
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Nobody may be waiting: a start stopped before it succeeded is not an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /** Starts the first attempt (once; later calls do nothing). */
  begin(): void {
    if (this.state !== 'idle') return;
    this.state = 'starting';
    this.next();
  }

  /** Settles once an attempt succeeded; rejects if stopped before. */
  ready(): Promise<void> {
    return this.done;
  }

  status(): StartStatus {
    return {
      state: this.state,
      attempts: this.attempts,
      ...(this.lastError === undefined ? {} : { last_error: this.lastError }),
    };
  }

  get isReady(): boolean {
    return this.state === 'ready';
  }

  /**
   * No further attempt; waits for the one running, if any, for at most `waitMs` (an attempt stuck on
   * a database that went away must not hold a stopping process). Resolves whether or not it had started.
   */
  async stop(waitMs = 5000): Promise<void> {
    if (this.state === 'stopped') return;
    const wasReady = this.state === 'ready';
    this.state = 'stopped';
    clearTimeout(this.timer);
    if (!wasReady) this.settle.reject(new Error(`${this.name} stopped before it started`));
    const running = this.attempt;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      running,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  private next(): void {
    this.attempts += 1;
    const attempt: Promise<void> = Promise.resolve()
      .then(() => this.run())
      .then(
        () => {
          if (this.state === 'stopped') return;
          this.state = 'ready';
          this.lastError = undefined;
          if (this.attempts > 1) this.opts.log.info({ attempts: this.attempts }, `${this.name} started`);
          this.settle.resolve();
        },
        (err: unknown) => {
          if (this.state === 'stopped') return;
          this.state = 'retrying';
          this.lastError = err instanceof Error ? err.message : String(err);
          const first = this.opts.firstDelayMs ?? 500;
          const delay = Math.min(this.opts.maxDelayMs ?? 30_000, first * 2 ** (this.attempts - 1));
          this.opts.log.warn(
            { reason: this.lastError, attempts: this.attempts, retryInMs: delay },
            `${this.name} could not start; retrying`,
          );
          // Not unref'd: a worker process waiting for its database has nothing else keeping it alive.
          this.timer = setTimeout(() => {
            if (this.state === 'retrying') this.next();
          }, delay);
        },
      )
      .finally(() => {
        if (this.attempt === attempt) this.attempt = undefined;
      });
    this.attempt = attempt;
  }
}

/** A part that starts in the background through a `BackgroundStart`: the job queue, the bots. */
export abstract class StartedInBackground {
  protected abstract readonly starter: BackgroundStart;

  /** Starts without waiting for it, again after each failure (with backoff) until it runs. */
  startInBackground(): void {
    this.starter.begin();
  }

  /** Settles once it runs (tests, and callers that must not run before it). */
  ready(): Promise<void> {
    return this.starter.ready();
  }

  /** Where the background start is, for `/healthz`. */
  status(): StartStatus {
    return this.starter.status();
  }
}
