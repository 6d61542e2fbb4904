import type { Transformer } from 'grammy';

export interface SendLimitOptions {
  /** Messages a second for one bot, all chats together (Telegram: about 30). */
  perSecond: number;
  /** Messages to one chat within `chatWindowMs` (Telegram: 20 a minute in a group). */
  perChat: number;
  chatWindowMs: number;
}

export const TELEGRAM_LIMITS: SendLimitOptions = { perSecond: 30, perChat: 20, chatWindowMs: 60_000 };

const SENDS = new Set(['sendMessage', 'sendPhoto', 'sendDocument']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Paces one bot's sends so Telegram never has to answer 429: a slot per 1/perSecond overall, and at
 * most `perChat` sends to a chat in any window. Slots are reserved synchronously, so concurrent
 * callers queue in call order. The limits hold within this process (one limiter per bot).
 */
export class SendLimits {
  /** Reserved send times of this bot, ascending, the last second's only. */
  private readonly slots: number[] = [];
  private readonly chats = new Map<string, number[]>();

  constructor(private readonly opts: SendLimitOptions = TELEGRAM_LIMITS) {}

  /** Reserves the earliest time a send to `chat` may go out and resolves then. */
  async take(chat: string): Promise<void> {
    const now = Date.now();
    const interval = 1000 / this.opts.perSecond;
    const { perChat, chatWindowMs } = this.opts;
    const times = (this.chats.get(chat) ?? []).filter((t) => t > now - chatWindowMs);
    this.chats.set(chat, times);
    // A chat's sends go out in order, each at least a window after the one perChat places before it.
    let at = Math.max(
      now,
      times.at(-1) ?? 0,
      times.length >= perChat ? times[times.length - perChat]! + chatWindowMs : 0,
    );
    // Overall: every two sends of the bot at least 1/perSecond apart (the slots are sorted, `at` only grows).
    while (this.slots.length && this.slots[0]! < now - 1000) this.slots.shift();
    for (const slot of this.slots) if (Math.abs(slot - at) < interval) at = slot + interval;
    this.slots.push(at);
    this.slots.sort((a, b) => a - b);
    times.push(at);
    await sleep(at - Date.now());
  }
  /** A grammY API transformer: every send waits for its slot (retries after a 429 too). */
  transformer(): Transformer {
    return async (prev, method, payload, signal) => {
      if (SENDS.has(method)) await this.take(String((payload as { chat_id?: unknown }).chat_id));
      return prev(method, payload, signal);
    };
  }
}
