/**
 * The Bot API methods the fake answers besides getUpdates (which waits, so the server runs it): what
 * each returns for a bot's state and a call's parameters.
 */

export interface FakeBot {
  token: string;
  id: number;
  username: string;
  first_name: string;
}

export interface WebhookState {
  url: string;
  secret?: string;
  allowedUpdates?: string[];
  lastError?: string;
}

export interface BotState extends FakeBot {
  webhook?: WebhookState;
  queue: Record<string, unknown>[];
  nextUpdateId: number;
  waiters: Set<() => void>;
  polling: number;
}

export const ok = (result: unknown) => ({ ok: true, result });
export const fail = (code: number, description: string, parameters?: object) => ({
  ok: false,
  error_code: code,
  description,
  ...(parameters ? { parameters } : {}),
});

/** A method's result, or the error Telegram would answer with its HTTP status. */
export type MethodAnswer = { ok: unknown } | { error: string; code: number };

/** What the answers share across bots: message ids, and the member counts a test set per chat. */
export interface ChatCounters {
  nextMessageId(): number;
  readonly memberCounts: Map<number, number>;
}

/** The answer to `method`, or undefined when the fake does not know it (Telegram's 404). */
export function answerMethod(
  bot: BotState,
  method: string,
  p: Record<string, unknown>,
  chats: ChatCounters,
): MethodAnswer | undefined {
  const chatId = Number(p.chat_id);
  switch (method) {
    case 'getMe':
      return {
        ok: {
          id: bot.id,
          is_bot: true,
          first_name: bot.first_name,
          username: bot.username,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        },
      };
    case 'setWebhook': {
      if (!/^https:\/\//.test(String(p.url ?? '')) && !/^http:\/\/127\.0\.0\.1/.test(String(p.url)))
        return { error: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook', code: 400 };
      const allowed =
        typeof p.allowed_updates === 'string' ? JSON.parse(p.allowed_updates) : p.allowed_updates;
      bot.webhook = {
        url: String(p.url),
        secret: p.secret_token as string | undefined,
        allowedUpdates: allowed as string[] | undefined,
      };
      return { ok: true };
    }
    case 'deleteWebhook':
      bot.webhook = undefined;
      if (p.drop_pending_updates) bot.queue.length = 0;
      return { ok: true };
    case 'getWebhookInfo':
      return {
        ok: {
          url: bot.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: bot.queue.length,
          ...(bot.webhook?.allowedUpdates ? { allowed_updates: bot.webhook.allowedUpdates } : {}),
          ...(bot.webhook?.lastError
            ? { last_error_message: bot.webhook.lastError, last_error_date: Math.floor(Date.now() / 1000) }
            : {}),
        },
      };
    case 'sendMessage':
    case 'sendPhoto':
      if (!Number.isFinite(chatId)) return { error: 'Bad Request: chat not found', code: 400 };
      return {
        ok: {
          message_id: chats.nextMessageId(),
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: chatId < 0 ? 'supergroup' : 'private' },
          ...(method === 'sendMessage' ? { text: p.text } : { caption: p.caption, photo: [] }),
        },
      };
    case 'leaveChat':
      return { ok: true };
    case 'getChatMemberCount':
      return { ok: chats.memberCounts.get(chatId) ?? 5 };
    default:
      return undefined;
  }
}
