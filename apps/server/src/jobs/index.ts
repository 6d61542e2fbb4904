import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

export interface JobDefinition<T extends object = object> {
  name: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  handler(data: T): Promise<void>;
  /** Cron (UTC) on which workers enqueue it; none for jobs only ever sent. */
  schedule?: string;
}

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
 */
export class Jobs {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;

  constructor(
    db: Database,
    private readonly opts: { runWorkers: boolean; log: FastifyBaseLogger; pollingIntervalSeconds?: number },
  ) {
    this.boss = new PgBoss({
      db: bossAdapter(db),
      schema: 'pgboss',
      supervise: opts.runWorkers,
      schedule: opts.runWorkers,
      migrate: true,
    });
    this.boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition as JobDefinition);
  }

  get running(): boolean {
    return this.started;
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const def of this.definitions.values()) {
      await this.boss.createQueue(def.name, {
        name: def.name,
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelay ?? 5,
        retryBackoff: def.retryBackoff ?? true,
      });
      if (this.opts.runWorkers) {
        await this.boss.work<object>(
          def.name,
          { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) await def.handler(job.data);
          },
        );
      }
    }
    for (const def of this.definitions.values())
      if (def.schedule) await this.schedule(def.name, def.schedule);
    this.started = true;
  }

  async send(name: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    return this.boss.send(name, data, options);
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    if (this.opts.runWorkers) await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  /** For the queue monitor and health checks. */
  get pgBoss(): PgBoss {
    return this.boss;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  }
}
