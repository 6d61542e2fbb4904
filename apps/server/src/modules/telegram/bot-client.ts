import { autoRetry } from '@grammyjs/auto-retry';
import { Api, Bot, GrammyError, HttpError } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { SendLimits } from './send-limits.js';

/** Updates Tally handles: commands in messages, and the bot's own membership changes. */
export const ALLOWED_UPDATES = ['message', 'my_chat_member'] as const;

/** A grammY bot on `apiRoot` whose sends wait for their slot and wait out 429 `retry_after`. */
export function createBot(token: string, apiRoot: string, info: UserFromGetMe, limits: SendLimits): Bot {
  const bot = new Bot(token, { client: { apiRoot, timeoutSeconds: 60 }, botInfo: info });
  bot.api.config.use(limits.transformer());
  // Installed last, so it runs first: a retried send waits for a new slot too.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 120 }));
  return bot;
}

export type TokenCheck = { ok: true; info: UserFromGetMe } | { ok: false; reason: 'refused' | 'unreachable' };

/** getMe with a token not stored yet: is it a bot Telegram knows? */
export async function checkToken(token: string, apiRoot: string): Promise<TokenCheck> {
  try {
    return { ok: true, info: await new Api(token, { apiRoot, timeoutSeconds: 15 }).getMe() };
  } catch (err) {
    if (err instanceof GrammyError && err.error_code < 500) return { ok: false, reason: 'refused' };
    return { ok: false, reason: 'unreachable' };
  }
}

/**
 * An error as one line fit for logs and the bot's `last_error`: the Bot API's own description, never
 * the request (its URL carries the token), and the token itself masked should any text repeat it.
 */
export function describeError(err: unknown, token?: string): string {
  let text: string;
  if (err instanceof GrammyError) text = `${err.method}: ${err.error_code} ${err.description}`;
  else if (err instanceof HttpError) text = 'network error reaching the Bot API';
  else text = err instanceof Error ? err.message : String(err);
  return (token ? text.split(token).join(maskToken(token)) : text).slice(0, 500);
}

/** `123456789:AAE…Xyz`: enough to tell two bots apart, useless to call the API with. */
export function maskToken(token: string): string {
  const [id, secret = ''] = token.split(':');
  return `${id}:${secret.slice(0, 3)}…${secret.slice(-3)}`;
}
