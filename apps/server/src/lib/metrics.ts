import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The process's own metrics, counted where things happen (collect, group commit, Telegram pacing, the
 * chain watcher, HTTP): one registry per process, as Prometheus scrapes one process at a time. What is
 * read at scrape time (pool, queues, lags) is registered per app by `plugins/metrics.ts`, which serves
 * both at `/metrics` when `METRICS_TOKEN` is set. Counting costs an addition or two whether or not
 * anyone scrapes; nothing here allocates per hit beyond prom-client's own observe.
 */
export const processRegistry = new Registry();

let defaultsOn = false;

/** Event-loop lag, memory, CPU, GC and handles (prom-client's defaults), once per process. */
export function enableDefaultMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}

/** Seconds: a cheap call is a few milliseconds, a report a second or two. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Observed by the per-route hooks of `plugins/metrics.ts`; its `_count` is the request counter. */
export const httpRequestDuration = new Histogram({
  name: 'tally_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code, and how long they took (seconds)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

const hitsAcknowledged = new Counter({
  name: 'tally_collect_hits_acknowledged_total',
  help: 'Hits POST /api/collect answered 2xx: stored (204, after their batch committed) or dropped by rule (202)',
  registers: [processRegistry],
});
const hitsStored = new Counter({
  name: 'tally_collect_hits_stored_total',
  help: 'Hits written by committed group-commit batches',
  registers: [processRegistry],
});
/** The collect service's drop rules (`DropReason` in modules/collect), zeroed so every series exists. */
const DROP_REASONS = ['bot', 'ip', 'prefetch', 'dnt', 'orphan'] as const;
const hitsDropped = new Counter({
  name: 'tally_collect_hits_dropped_total',
  help: 'Hits acknowledged but not counted, by rule (bot, prefetch, ip, dnt, orphan: a ping with no visit)',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});
for (const reason of DROP_REASONS) hitsDropped.inc({ reason }, 0);
const droppedBy = new Map(DROP_REASONS.map((reason) => [reason as string, { reason }]));

const batchSize = new Histogram({
  name: 'tally_collect_batch_size',
  help: 'Hits per group-commit batch',
  buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500],
  registers: [processRegistry],
});
const batchDelay = new Histogram({
  name: 'tally_collect_batch_delay_seconds',
  help: "How long a batch's oldest hit waited for its batch's write to start (seconds)",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [processRegistry],
});
const batchWrite = new Histogram({
  name: 'tally_collect_batch_write_seconds',
  help: "How long a batch's write took, to its commit, retries while the database was away included (seconds)",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [processRegistry],
});

/** What the collect pipeline counts (modules/collect). */
export const collectMetrics = {
  /** A hit answered 2xx; returns the outcome as it came. */
  answered<T extends { stored: boolean; dropped?: string }>(outcome: T): T {
    hitsAcknowledged.inc();
    if (!outcome.stored && outcome.dropped) {
      const labels = droppedBy.get(outcome.dropped);
      if (labels) hitsDropped.inc(labels);
    }
    return outcome;
  },
  /** A group-commit batch starts its write: its size, and how long its oldest hit has waited. */
  batch(size: number, waitedMs: number): void {
    batchSize.observe(size);
    batchDelay.observe(waitedMs / 1000);
  },
  /** A batch committed: its per-hit results (`true` stored), and how long the write took. */
  written(results: readonly unknown[], ms: number): void {
    let stored = 0;
    for (const r of results) if (r === true) stored++;
    if (stored > 0) hitsStored.inc(stored);
    batchWrite.observe(ms / 1000);
  },
};

const telegramSends = new Counter({
  name: 'tally_telegram_sends_total',
  help: 'Telegram sends that took their pacing slot and went out',
  registers: [processRegistry],
});
const telegramWaits = new Counter({
  name: 'tally_telegram_send_waits_total',
  help: 'Times a send waited beyond its slot: the chat at its limit (chat_limit), or woken late and given a new slot (late)',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});
for (const reason of ['chat_limit', 'late']) telegramWaits.inc({ reason }, 0);
const chatLimit = { reason: 'chat_limit' };
const late = { reason: 'late' };
const telegramWait = new Histogram({
  name: 'tally_telegram_send_wait_seconds',
  help: 'How long a Telegram send waited for its pacing slot (seconds)',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [processRegistry],
});

/** What the Telegram send pacing counts (modules/telegram/send-limits.ts). */
export const telegramMetrics = {
  sent(waitedMs: number): void {
    telegramSends.inc();
    telegramWait.observe(waitedMs / 1000);
  },
  waited(reason: 'chat_limit' | 'late'): void {
    telegramWaits.inc(reason === 'late' ? late : chatLimit);
  },
};

const CYCLE_OUTCOMES = ['read', 'partial', 'skipped', 'failed'] as const;
const chainCycles = new Counter({
  name: 'tally_chain_watcher_cycles_total',
  help: 'Chain watcher cycles: every address read (read), some gave up on TronGrid (partial), another watcher held the lock (skipped), or the cycle threw (failed)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});
for (const outcome of CYCLE_OUTCOMES) chainCycles.inc({ outcome }, 0);

/** What the chain watcher counts (modules/finance/chain-watcher.ts). */
export const chainWatcherMetrics = {
  cycle(outcome: (typeof CYCLE_OUTCOMES)[number]): void {
    chainCycles.inc({ outcome });
  },
};
