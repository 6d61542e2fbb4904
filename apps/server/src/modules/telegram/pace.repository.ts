import type { Transactor } from '../../db/client.js';

/** A send's slot: go in `sendInMs`, or (the chat had its sends of the window) ask again in `retryInMs`. */
export type Reservation = { sendInMs: number } | { retryInMs: number };

export interface PaceRule {
  /** Between two sends of one bot, whatever the chat. */
  intervalMs: number;
  /** Sends to one chat within `windowMs`. */
  perChat: number;
  windowMs: number;
}

type Ms = { ms: number };

/**
 * Send slots shared by every process (`telegram_send_pace`, `telegram_chat_sends`). Times are the
 * database's clock, so processes on machines whose clocks differ still agree on the slots.
 */
export class PaceRepository {
  constructor(private readonly db: Transactor) {}

  /**
   * Reserves the bot's next free slot for `chatId` (the bot's row locked by the upsert, so two processes
   * take slots one after the other). A chat that had `perChat` sends within the window before that slot
   * reserves nothing and learns when its oldest one leaves the window: other chats' sends go on meanwhile.
   */
  reserve(botId: number, chatId: string, rule: PaceRule): Promise<Reservation> {
    return this.db.transaction(async (tx) => {
      const [bot] = await tx.query<{ next: number; now: number }>(
        `insert into telegram_send_pace (bot_id, next_at) values ($1, clock_timestamp())
         on conflict (bot_id) do update set next_at = telegram_send_pace.next_at
         returning extract(epoch from next_at)::float8 * 1000 as next,
                   extract(epoch from clock_timestamp())::float8 * 1000 as now`,
        [botId],
      );
      const now = Number(bot!.now);
      const at = Math.max(now, Number(bot!.next));
      const [full] = await tx.query<Ms>(
        `select extract(epoch from sent_at)::float8 * 1000 + $4::float8 as ms from telegram_chat_sends
          where bot_id = $1 and chat_id = $2 and sent_at > to_timestamp(($3::float8 - $4::float8) / 1000)
          order by sent_at desc offset $5 limit 1`,
        [botId, chatId, at, rule.windowMs, rule.perChat - 1],
      );
      if (full) return { retryInMs: Number(full.ms) - now };
      await tx.query(
        `insert into telegram_chat_sends (bot_id, chat_id, sent_at) values ($1, $2, to_timestamp($3::float8 / 1000))`,
        [botId, chatId, at],
      );
      await tx.query(
        `update telegram_send_pace set next_at = to_timestamp($2::float8 / 1000) where bot_id = $1`,
        [botId, at + rule.intervalMs],
      );
      // Sends that left the window count no more: the chat keeps at most its window's rows. The clock is
      // read again last, so the wait leaves out the time these statements took (less jitter in arrivals).
      const [end] = await tx.query<Ms>(
        `with gone as (
           delete from telegram_chat_sends
            where bot_id = $1 and chat_id = $2 and sent_at <= to_timestamp(($3::float8 - $4::float8) / 1000))
         select extract(epoch from clock_timestamp())::float8 * 1000 as ms`,
        [botId, chatId, at, rule.windowMs],
      );
      return { sendInMs: at - Number(end!.ms) };
    });
  }
}
