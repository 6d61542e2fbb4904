import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.telegram.org on 127.0.0.1, for tests, the bench and a local demo. It speaks the
 * Bot API methods Tally calls (`/bot<token>/<method>`, JSON or form bodies), records every call,
 * delivers updates the way Telegram does (a webhook POST carrying the secret header, or a long-polled
 * getUpdates), and can answer 429 with `retry_after`. grammY's real client is pointed at it with
 * `client.apiRoot`.
 */

export interface FakeBot {
  token: string;
  id: number;
  username: string;
  first_name: string;
}

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

interface WebhookState {
  url: string;
  secret?: string;
  allowedUpdates?: string[];
  lastError?: string;
}

interface BotState extends FakeBot {
  webhook?: WebhookState;
  queue: Record<string, unknown>[];
  nextUpdateId: number;
  waiters: Set<() => void>;
  polling: number;
}

type Update = Record<string, unknown>;

const ok = (result: unknown) => ({ ok: true, result });
const fail = (code: number, description: string, parameters?: object) => ({
  ok: false,
  error_code: code,
  description,
  ...(parameters ? { parameters } : {}),
});

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
    const result = this.call(bot, method, params);
    if (result === undefined) return answer(404, fail(404, 'Not Found: method not found'));
    if ('error' in result) return answer(result.code, fail(result.code, result.error));
    answer(200, ok(result.ok));
  }

  private call(
    bot: BotState,
    method: string,
    p: Record<string, unknown>,
  ): { ok: unknown } | { error: string; code: number } | undefined {
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
            message_id: this.nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: chatId, type: chatId < 0 ? 'supergroup' : 'private' },
            ...(method === 'sendMessage' ? { text: p.text } : { caption: p.caption, photo: [] }),
          },
        };
      case 'leaveChat':
        return { ok: true };
      case 'getChatMemberCount':
        return { ok: this.memberCounts.get(chatId) ?? 5 };
      default:
        return undefined;
    }
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

async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const raw = body.toString('utf8');
  const type = req.headers['content-type'] ?? '';
  const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
  if (!raw) return query;
  if (type.includes('application/json')) return { ...query, ...(JSON.parse(raw) as object) };
  if (type.includes('multipart/form-data')) return { ...query, ...multipartFields(body, type) };
  return { ...query, ...Object.fromEntries(new URLSearchParams(raw)) };
}

/** A file a multipart call carried (a photo): its name and bytes. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * The fields of a multipart body: text fields as strings, files as `UploadedFile`. Split as latin1,
 * which maps each byte to one character, so a file's bytes come back unchanged.
 */
function multipartFields(body: Buffer, type: string): Record<string, string | UploadedFile> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!boundary) return {};
  const out: Record<string, string | UploadedFile> = {};
  for (const part of body.toString('latin1').split(`--${boundary[1] ?? boundary[2]}`)) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    const bytes = Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1');
    // grammY writes `filename=name.png`, browsers `filename="name.png"`.
    const filename = /filename="?([^";\r\n]*)"?/.exec(head)?.[1];
    out[name] = filename === undefined ? bytes.toString('utf8') : { filename, data: bytes };
  }
  return out;
}
