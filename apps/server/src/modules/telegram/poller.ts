import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { ALLOWED_UPDATES } from './bot-client.js';
import type { PollerLock } from './poller-lock.js';

export interface PollerDeps {
  lock: PollerLock;
  /** The stored getUpdates offset, so a process taking over goes on where the last one stopped. */
  loadOffset(): Promise<number>;
  saveOffset(offset: number): Promise<void>;
  handle(update: Update): Promise<void>;
  onError(err: unknown): Promise<void>;
  /** How long a process without the lock waits before trying again (the takeover time). */
  retryMs: number;
  /** getUpdates long-poll seconds. */
  timeoutSeconds: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/** Long polling for one bot, run only while this process holds the bot's lock. */
export class Poller {
  private readonly abort = new AbortController();
  private done?: Promise<void>;
  holding = false;

  constructor(
    private readonly botId: number,
    private readonly bot: Bot,
    private readonly deps: PollerDeps,
  ) {}

  start(): void {
    this.done ??= this.loop();
  }

  /** The lock was lost with its connection: poll no more until it is held again. */
  lost(): void {
    this.holding = false;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.done;
    if (this.holding) await this.deps.lock.release(this.botId);
    this.holding = false;
  }

  private async loop(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      try {
        this.holding = await this.deps.lock.tryHold(this.botId);
        if (!this.holding) {
          await sleep(this.deps.retryMs, signal);
          continue;
        }
        await this.pollOnce(signal);
      } catch (err) {
        if (signal.aborted) break;
        await this.deps.onError(err);
        await sleep(this.deps.retryMs, signal);
      }
    }
  }

  private async pollOnce(signal: AbortSignal): Promise<void> {
    let offset = await this.deps.loadOffset();
    const updates = await this.bot.api.getUpdates(
      { offset, timeout: this.deps.timeoutSeconds, allowed_updates: [...ALLOWED_UPDATES] },
      // grammY types its signal with the abort-controller shim; the platform's one is what it uses.
      signal as Parameters<Bot['api']['getUpdates']>[1],
    );
    for (const update of updates) {
      if (signal.aborted || !this.holding) return;
      await this.deps.handle(update);
      offset = update.update_id + 1;
      await this.deps.saveOffset(offset);
    }
  }
}
