import type { Transformer } from 'grammy';
import { telegramMetrics } from '../../lib/metrics.js';
import type { PaceRepository } from './pace.repository.js';

export interface SendLimitOptions {
  /** Messages a second for one bot, all chats together (Telegram: about 30). */
  perSecond: number;
  /** Messages to one chat within `chatWindowMs` (Telegram: 20 a minute in a group). */
  perChat: number;
  chatWindowMs: number;
}

export const TELEGRAM_LIMITS: SendLimitOptions = { perSecond: 30, perChat: 20, chatWindowMs: 60_000 };

const SENDS = new Set(['sendMessage', 'sendPhoto', 'sendDocument']);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Slots are further apart than the limit: a send goes out when its timer fires and arrives after its
 * process built and posted the request, each a few milliseconds late now and then (more on a busy
 * machine), and Telegram counts arrivals. At 30/s a second holds 27 slots, so late arrivals have room
 * before a second counts 30 (two busy sending processes measured up to 2 more than the slots); a send
 * woken more than half a slot late takes a new slot (below). A chat's window is stretched by 10 %.
 */
const HEADROOM = 1.15;
const CHAT_HEADROOM = 1.1;
const MAX_LATE_RETRIES = 3;

/**
 * Paces one bot's sends so Telegram never has to answer 429, across every process sending for the bot:
 * each send reserves a slot in the database (`PaceRepository`), at least 1/perSecond after the bot's
 * previous slot and with at most `perChat` slots to a chat in any window; it then waits for its slot.
 * A chat at its limit waits outside the bot's line, so other chats go on.
 *
 * Why slots in the database rather than sending through the process that polls the bot: webhook bots
 * have no such process, and any process (a test report from the API, a notice job, the report scan
 * in each worker) sends; one row lock per send is all the coordination this needs.
 */
export class SendLimits {
  constructor(
    private readonly botId: number,
    private readonly pace: PaceRepository,
    private readonly opts: SendLimitOptions = TELEGRAM_LIMITS,
  ) {}

  /** Resolves when a send to `chat` may go out (its slot reserved for it). */
  async take(chat: string): Promise<void> {
    const rule = {
      intervalMs: (1000 / this.opts.perSecond) * HEADROOM,
      perChat: this.opts.perChat,
      windowMs: this.opts.chatWindowMs * CHAT_HEADROOM,
    };
    const since = performance.now();
    for (let late = 0; ; ) {
      const slot = await this.pace.reserve(this.botId, chat, rule);
      if ('retryInMs' in slot) {
        telegramMetrics.waited('chat_limit');
        await sleep(slot.retryInMs);
        continue;
      }
      const due = Date.now() + slot.sendInMs;
      await sleep(slot.sendInMs);
      // A busy event loop woke us more than half a slot late: going now could bunch with the next
      // slot's send, so this slot is given up and a new one taken (a few times at most, then it goes).
      if (Date.now() - due <= rule.intervalMs / 2 || ++late > MAX_LATE_RETRIES)
        return telegramMetrics.sent(performance.now() - since);
      telegramMetrics.waited('late');
    }
  }

  /** A grammY API transformer: every send waits for its slot (retries after a 429 too). */
  transformer(): Transformer {
    return async (prev, method, payload, signal) => {
      if (SENDS.has(method)) await this.take(String((payload as { chat_id?: unknown }).chat_id));
      return prev(method, payload, signal);
    };
  }
}
