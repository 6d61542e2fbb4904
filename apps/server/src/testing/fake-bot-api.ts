import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerMethod,
  type BotState,
  type FakeBot,
  fail,
  ok,
  type WebhookState,
} from './fake-bot-methods.js';
import { readParams, type UploadedFile } from './fake-bot-params.js';

export type { FakeBot } from './fake-bot-methods.js';
export type { UploadedFile } from './fake-bot-params.js';

/**
 * A stand-in for api.telegram.org on 127.0.0.1, for tests, the bench and a local demo. It speaks the
 * Bot API methods Tally calls (`/bot<token>/<method>`, JSON or form bodies), records every call,
 * delivers updates the way Telegram does (a webhook POST carrying the secret header, or a long-polled
 * getUpdates), and can answer 429 with `retry_after`. grammY's real client is pointed at it with
 * `client.apiRoot`.
 */

export interface RecordedCall {
  token: string;
  method: string;
  params: Record<string, unknown>;
  /** ms since the epoch when the call arrived. */
  at: number;
  /** The HTTP status answered. */
  status: number;
}

export interface FakeChat {
  id: number;
  type: 'group' | 'supergroup' | 'private' | 'channel';
  title?: string;
}

type Update = Record<string, unknown>;

export class FakeBotApi {
  readonly calls: RecordedCall[] = [];
  /** The most getUpdates requests one bot had open at once (Telegram refuses a second poller). */
  maxConcurrentPolls = 0;
  /** Per chat id: member count answered by getChatMemberCount. */
  readonly memberCounts = new Map<number, number>();
  private readonly bots = new Map<string, BotState>();
  private readonly tooMany = new Map<string, { left: number; retryAfter: number }>();
  private server?: Server;
  private nextBotId = 7_000_000_000;
  private nextMessageId = 1;
  private readonly chats = {
    nextMessageId: () => this.nextMessageId++,
    memberCounts: this.memberCounts,
  };

  /** Where grammY's `apiRoot` points. */
  url = '';

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const bot of this.bots.values()) for (const wake of bot.waiters) wake();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A bot Telegram knows; its token is accepted from now on. */
  addBot(username = `tally_test_${randomBytes(3).toString('hex')}_bot`): FakeBot {
    const id = this.nextBotId++;
    const token = `${id}:${randomBytes(26).toString('base64url').slice(0, 35)}`;
    const bot: BotState = {
      token,
      id,
      username,
      first_name: username.replace(/_bot$/, ''),
      queue: [],
      nextUpdateId: 1,
      waiters: new Set(),
      polling: 0,
    };
    this.bots.set(token, bot);
    return { token, id, username, first_name: bot.first_name };
  }

  /** The next `times` calls of `method` (any bot) answer 429 with this `retry_after`. */
  failWith429(method: string, times: number, retryAfter: number): void {
    this.tooMany.set(method, { left: times, retryAfter });
  }

  callsOf(method: string, token?: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && c.status === 200 && (!token || c.token === token));
  }

  webhookOf(token: string): WebhookState | undefined {
    return this.bots.get(token)?.webhook;
  }

  /**
   * Delivers an update as Telegram would: POSTed to the webhook when one is set (resolving to the
   * webhook's HTTP status), else queued for getUpdates (resolving to 0).
   */
  async deliver(token: string, update: Update): Promise<number> {
    const bot = this.bots.get(token);
    if (!bot) throw new Error('unknown bot');
    const full = { update_id: bot.nextUpdateId++, ...update };
    if (bot.webhook) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (bot.webhook.secret) headers['x-telegram-bot-api-secret-token'] = bot.webhook.secret;
      const res = await fetch(bot.webhook.url, { method: 'POST', headers, body: JSON.stringify(full) });
      if (!res.ok) bot.webhook.lastError = `Wrong response from the webhook: ${res.status}`;
      return res.status;
    }
    bot.queue.push(full);
    for (const wake of bot.waiters) wake();
    return 0;
  }

  /** A `my_chat_member` update: the bot's status in `chat` went from `from` to `to`. */
  myChatMember(chat: FakeChat, to: string, from = 'left', by = { id: 42, first_name: 'Owner' }): Update {
    const bot = { id: 0, is_bot: true, first_name: 'bot' };
    return {
      my_chat_member: {
        chat,
        from: { is_bot: false, ...by },
        date: Math.floor(Date.now() / 1000),
        old_chat_member: { status: from, user: bot },
        new_chat_member: { status: to, user: bot },
      },
    };
  }

  /** A text message from `from` in `chat` (commands included). */
  message(chat: FakeChat, text: string, from = { id: 42, first_name: 'Owner' }): Update {
    const command = text.startsWith('/') ? text.split(/\s/)[0]! : undefined;
    return {
      message: {
        message_id: this.nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat,
        from: { is_bot: false, ...from },
        text,
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
      },
    };
  }

  /** A group became a supergroup: Telegram's service message in the old chat. */
  migration(chat: FakeChat, newId: number): Update {
    return {
      message: {
        message_id: this.nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat,
        from: { id: 42, is_bot: false, first_name: 'Owner' },
        migrate_to_chat_id: newId,
      },
    };
  }

  /** The files (photos) sent to a chat, oldest first. */
  photosTo(chatId: number): UploadedFile[] {
    return this.calls
      .filter((c) => c.status === 200 && c.method === 'sendPhoto' && Number(c.params.chat_id) === chatId)
      .flatMap((c) =>
        Object.values(c.params).filter((v): v is UploadedFile => Buffer.isBuffer((v as UploadedFile)?.data)),
      );
  }

  /** Sent texts, in order, to one chat. */
  textsTo(chatId: number): string[] {
    return this.calls
      .filter((c) => c.status === 200 && (c.method === 'sendMessage' || c.method === 'sendPhoto'))
      .filter((c) => Number(c.params.chat_id) === chatId)
      .map((c) => String(c.params.text ?? c.params.caption ?? ''));
  }

  /**
   * The control API, for a test or a demo in another process (the browser suite): `POST
   * /control/addBot {username}` → the bot, `POST /control/deliver {token, update}` → the webhook's
   * status, `GET /control/calls` → every recorded call.
   */
  private async control(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readParams(req)) as { username?: string; token?: string; update?: Update };
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    const path = req.url?.split('?')[0];
    if (path === '/control/addBot') return send(200, this.addBot(body.username));
    if (path === '/control/deliver' && body.token && body.update)
      return send(200, { status: await this.deliver(body.token, body.update) });
    if (path === '/control/calls') return send(200, this.calls);
    send(404, { error: 'unknown control call' });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.url?.startsWith('/control/')) return this.control(req, res);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url?.split('?')[0] ?? '');
    const params = await readParams(req);
    const answer = (status: number, body: object) => {
      if (match) this.calls.push({ token: match[1]!, method: match[2]!, params, at: Date.now(), status });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (!match) return answer(404, fail(404, 'Not Found'));
    const [, token, method] = match as unknown as [string, string, string];
    const bot = this.bots.get(token);
    if (!bot) return answer(401, fail(401, 'Unauthorized'));
    const limited = this.tooMany.get(method);
    if (limited && limited.left > 0) {
      limited.left -= 1;
      return answer(
        429,
        fail(429, `Too Many Requests: retry after ${limited.retryAfter}`, {
          retry_after: limited.retryAfter,
        }),
      );
    }
    if (method === 'getUpdates') return this.getUpdates(bot, params, answer, res);
    const result = answerMethod(bot, method, params, this.chats);
    if (result === undefined) return answer(404, fail(404, 'Not Found: method not found'));
    if ('error' in result) return answer(result.code, fail(result.code, result.error));
    answer(200, ok(result.ok));
  }

  /** Long polling: answers at once when updates wait, else when one arrives or `timeout` runs out. */
  private async getUpdates(
    bot: BotState,
    p: Record<string, unknown>,
    answer: (status: number, body: object) => void,
    res: ServerResponse,
  ): Promise<void> {
    if (bot.webhook)
      return answer(409, fail(409, "Conflict: can't use getUpdates method while webhook is active"));
    const offset = Number(p.offset ?? 0);
    if (offset > 0) bot.queue = bot.queue.filter((u) => Number(u.update_id) >= offset);
    const timeoutMs = Math.min(Number(p.timeout ?? 0), 50) * 1000;
    bot.polling += 1;
    this.maxConcurrentPolls = Math.max(this.maxConcurrentPolls, bot.polling);
    try {
      if (bot.queue.length === 0 && timeoutMs > 0) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            bot.waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, timeoutMs);
          bot.waiters.add(wake);
          res.once('close', wake);
        });
      }
    } finally {
      bot.polling -= 1;
    }
    // The poller went away (aborted, or its process died): nothing to answer.
    if (res.destroyed) return;
    answer(200, ok(bot.queue.slice(0, Number(p.limit ?? 100))));
  }
}
