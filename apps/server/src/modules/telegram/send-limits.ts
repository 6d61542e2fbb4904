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

/** Sends go out a little under the limit: what Telegram counts is arrival, after network jitter. */
const HEADROOM = 1.05;

interface ChatSends {
  /** When this chat's recent sends went out (the window's only). */
  sent: number[];
  /** Sends to this chat waiting in the bot's queue. */
  queued: number;
}

/**
 * Paces one bot's sends so Telegram never has to answer 429: one at a time through a queue, each at
 * least 1/perSecond after the previous one actually went (a late timer never lets two bunch up), and
 * at most `perChat` to a chat in any window (a chat at its limit waits outside the queue, so other
 * chats go on). The limits hold within this process, one limiter per bot.
 */
export class SendLimits {
  private lastSent = 0;
  private tail: Promise<void> = Promise.resolve();
  private readonly chats = new Map<string, ChatSends>();

  constructor(private readonly opts: SendLimitOptions = TELEGRAM_LIMITS) {}

  private chatOf(chat: string): ChatSends {
    let sends = this.chats.get(chat);
    if (!sends) {
      sends = { sent: [], queued: 0 };
      this.chats.set(chat, sends);
    }
    const since = Date.now() - this.opts.chatWindowMs;
    while (sends.sent.length && sends.sent[0]! <= since) sends.sent.shift();
    return sends;
  }

  /**
   * Resolves when a send to `chat` may go out (and counts it as sent then), with that moment: the
   * caller's own clock reading can come later on a busy machine.
   */
  async take(chat: string): Promise<number> {
    const { perChat, chatWindowMs } = this.opts;
    let sends = this.chatOf(chat);
    while (sends.sent.length + sends.queued >= perChat) {
      const oldest = sends.sent[0];
      await sleep(oldest === undefined ? 50 : oldest + chatWindowMs - Date.now() + 1);
      sends = this.chatOf(chat);
    }
    sends.queued += 1;
    const interval = (1000 / this.opts.perSecond) * HEADROOM;
    const turn = this.tail.then(async () => {
      const own = this.chatOf(chat);
      if (own.sent.length >= perChat) await sleep(own.sent[0]! + chatWindowMs - Date.now() + 1);
      await sleep(this.lastSent + interval - Date.now());
      this.lastSent = Date.now();
      own.queued -= 1;
      own.sent.push(this.lastSent);
      return this.lastSent;
    });
    this.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  /** A grammY API transformer: every send waits for its slot (retries after a 429 too). */
  transformer(): Transformer {
    return async (prev, method, payload, signal) => {
      if (SENDS.has(method)) await this.take(String((payload as { chat_id?: unknown }).chat_id));
      return prev(method, payload, signal);
    };
  }
}
