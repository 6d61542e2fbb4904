import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { BackgroundStart, StartedInBackground } from '../lib/background-start.js';

export interface JobDefinition<T extends object = object> {
  name: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  handler(data: T): Promise<void>;
  /** Cron (UTC) on which workers enqueue it; none for jobs only ever sent. */
  schedule?: string;
}

/** Names of the queues paused in the database (the queue monitor's store). */
export type PausedQueues = () => Promise<ReadonlySet<string>>;

/** How often a worker process reads the paused queues: a pause reaches every process within this. */
const PAUSE_CHECK_MS = 1000;

/** How long a `send` made while the queue is still starting waits for it before trying anyway. */
const SEND_WAIT_MS = 10_000;

/** Parameterless SQL must go through exec(): PGlite's extended protocol takes one statement at a time. */
function bossAdapter(db: Database): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: await db.query(text, values) };
      return { rows: await db.exec(text) };
    },
  };
}

/**
 * pg-boss on the product's own database. Every process can send; only processes with the worker
 * role fetch and run jobs.
 *
 * The app starts it in the background (`startInBackground`): HTTP does not wait for it, a failed
 * start is tried again with backoff, and `/healthz` shows where it is (`status()`).
 */
export class Jobs extends StartedInBackground {
  private boss: PgBoss;
  /** pg-boss cannot start again after a start that failed half-way: the next attempt gets a new one. */
  private bossFailed = false;
  protected readonly starter: BackgroundStart;
  private readonly definitions = new Map<string, JobDefinition>();
  /** Queue name → id of this process's pg-boss worker; absent while the queue is paused. */
  private readonly workers = new Map<string, string>();
  private pausedQueues: PausedQueues = async () => new Set();
  private readonly afterBossStart: Array<() => Promise<void>> = [];
  private pauseTimer: NodeJS.Timeout | undefined;
  private pauseCheck: Promise<void> = Promise.resolve();
  private started = false;
  private closing = false;

  constructor(
    private readonly db: Database,
    private readonly opts: {
      runWorkers: boolean;
      log: FastifyBaseLogger;
      pollingIntervalSeconds?: number;
      /**
       * How often pg-boss looks at the crons and moves due jobs to their queues (its defaults: 30 s and
       * 5 s). Tests that wait for a real cron tick shorten both; a cron still fires once per minute.
       */
      cronSeconds?: number;
    },
  ) {
    super();
    this.boss = this.newBoss();
    this.starter = new BackgroundStart('job queue', () => this.start(), { log: opts.log });
  }

  private newBoss(): PgBoss {
    const cron = this.opts.cronSeconds
      ? {
          cronMonitorIntervalSeconds: this.opts.cronSeconds,
          cronWorkerIntervalSeconds: this.opts.cronSeconds,
        }
      : {};
    const boss = new PgBoss({
      db: bossAdapter(this.db),
      schema: 'pgboss',
      supervise: this.opts.runWorkers,
      schedule: this.opts.runWorkers,
      migrate: true,
      ...cron,
    });
    boss.on('error', (err) => this.opts.log.error({ err }, 'job queue error'));
    return boss;
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition as JobDefinition);
  }

  /** Where the paused flags live; set by the queue monitor's module before the queue starts. */
  readPausesFrom(source: PausedQueues): void {
    this.pausedQueues = source;
  }

  /**
   * Runs once pg-boss's schema exists, before any worker starts (the queue monitor's index on its job
   * table). A failure is logged: the queue works without it.
   */
  whenStarted(fn: () => Promise<void>): void {
    this.afterBossStart.push(fn);
  }

  get running(): boolean {
    return this.started;
  }

  /**
   * Starts the queue now: pg-boss (its schema on first start), each queue, this process's workers and
   * the crons. Safe to run again after a failure. The app calls it through `startInBackground`.
   */
  async start(): Promise<void> {
    if (this.bossFailed) {
      this.boss = this.newBoss();
      this.bossFailed = false;
    }
    await this.boss.start().catch((err) => {
      this.bossFailed = true;
      throw err;
    });
    if (this.closing) throw new Error('the job queue is stopping');
    for (const fn of this.afterBossStart) {
      await fn().catch((err) => this.opts.log.error({ err }, 'after the job queue started'));
    }
    for (const def of this.definitions.values()) {
      await this.boss.createQueue(def.name, {
        name: def.name,
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelay ?? 5,
        retryBackoff: def.retryBackoff ?? true,
      });
    }
    if (this.closing) throw new Error('the job queue is stopping');
    if (this.opts.runWorkers) {
      // Paused queues are read before the first fetch, so a restart does not take one job from them.
      await this.applyPauses();
      this.pauseTimer ??= setInterval(() => void this.applyPauses(), PAUSE_CHECK_MS);
      this.pauseTimer.unref();
    }
    for (const def of this.definitions.values())
      if (def.schedule) await this.schedule(def.name, def.schedule);
    this.started = true;
  }

  /**
   * Stops this process's worker of each paused queue and starts the worker of each resumed one.
   * pg-boss has no pause: a stopped worker simply fetches nothing (a job it already holds finishes).
   * Runs one at a time; the monitor calls it right after a change so this process obeys at once.
   */
  applyPauses(): Promise<void> {
    if (!this.opts.runWorkers) return Promise.resolve();
    // Each check waits for the one before; a failed check is logged and the next one runs anyway.
    this.pauseCheck = this.pauseCheck.then(() =>
      this.syncWorkers().catch((err) => this.opts.log.error({ err }, 'applying paused queues failed')),
    );
    return this.pauseCheck;
  }

  private async syncWorkers(): Promise<void> {
    if (this.closing) return;
    const paused = await this.pausedQueues();
    for (const def of this.definitions.values()) {
      const id = this.workers.get(def.name);
      if (paused.has(def.name) && id) {
        this.workers.delete(def.name);
        await this.boss.offWork({ id });
      } else if (!paused.has(def.name) && !id) {
        this.workers.set(def.name, await this.startWorker(def));
      }
    }
  }

  private startWorker(def: JobDefinition): Promise<string> {
    return this.boss.work<object>(
      def.name,
      { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) await def.handler(job.data);
      },
    );
  }

  async send(name: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    // A request served while the queue is still starting waits a little for its queues to exist.
    if (!this.started && this.starter.status().state !== 'idle') {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.starter.ready().catch(() => undefined),
        new Promise((resolve) => {
          timer = setTimeout(resolve, SEND_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    return this.boss.send(name, data, options);
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    if (this.opts.runWorkers) await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  /** For the queue monitor and health checks. */
  get pgBoss(): PgBoss {
    return this.boss;
  }

  /** Stops a start still running or waiting to retry, then the workers (a job running gets up to 10 s). */
  async stop(): Promise<void> {
    this.closing = true;
    await this.starter.stop();
    clearInterval(this.pauseTimer);
    // pg-boss stops only what it started: a start that failed half-way leaves nothing to stop here.
    const wasStarted = this.started;
    this.started = false;
    await this.pauseCheck;
    if (wasStarted || !this.bossFailed)
      await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  }
}
