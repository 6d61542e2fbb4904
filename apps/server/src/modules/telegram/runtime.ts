import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import { BackgroundStart, StartedInBackground } from '../../lib/background-start.js';
import type { Sealer } from '../../lib/sealed.js';
import { ALLOWED_UPDATES, createBot, describeError } from './bot-client.js';
import type { BotRecord, BotsRepository } from './bots.repository.js';
import type { PaceRepository } from './pace.repository.js';
import { Poller } from './poller.js';
import type { PollerLock } from './poller-lock.js';
import { type SendLimitOptions, SendLimits } from './send-limits.js';

export interface RuntimeDeps {
  repo: BotsRepository;
  sealer: Sealer;
  appSecret: string;
  apiRoot: string;
  /** PUBLIC_URL: https means webhooks, anything else long polling. */
  publicUrl: string | undefined;
  /** Worker processes poll; a serve-only process only answers webhooks and sends. */
  runPollers: boolean;
  lock: PollerLock;
  log: FastifyBaseLogger;
  limits: SendLimitOptions;
  /** The send slots every process shares. */
  pace: PaceRepository;
  pollerRetryMs: number;
  pollTimeoutSeconds: number;
  /** Puts the update handlers (memberships, commands) on a new bot. */
  install(bot: Bot, record: BotRecord): void;
}

interface Running {
  bot: Bot;
  token: string;
  poller?: Poller;
}

/** The live side of the bots: a grammY bot per enabled bot, its webhook or its poller. */
export class BotRuntime extends StartedInBackground {
  private readonly running = new Map<number, Running>();
  protected readonly starter: BackgroundStart;
  private stopped = false;

  constructor(private readonly deps: RuntimeDeps) {
    super();
    this.starter = new BackgroundStart('telegram bots', () => this.startAll(), { log: deps.log });
  }

  get mode(): 'webhook' | 'polling' {
    return this.deps.publicUrl?.startsWith('https://') ? 'webhook' : 'polling';
  }

  /** The header Telegram sends with each webhook update of this bot (derived, so never stored). */
  webhookSecret(botId: number): string {
    return createHmac('sha256', this.deps.appSecret).update(`telegram-webhook:${botId}`).digest('base64url');
  }

  webhookUrl(botId: number): string {
    return `${this.deps.publicUrl}/api/v1/telegram/webhook/${botId}`;
  }

  tokenOf(record: BotRecord): string {
    const token = this.deps.sealer.open(record.tokenSealed);
    if (!token) throw new Error(`bot ${record.id}: its token cannot be opened with this APP_SECRET`);
    return token;
  }

  /** The bot's grammY instance (created on first use), for sending from any process. */
  bot(record: BotRecord): Bot {
    return this.entry(record).bot;
  }

  private entry(record: BotRecord): Running {
    let running = this.running.get(record.id);
    if (!running) {
      const token = this.tokenOf(record);
      const bot = createBot(
        token,
        this.deps.apiRoot,
        record.info as UserFromGetMe,
        new SendLimits(record.id, this.deps.pace, this.deps.limits),
      );
      this.deps.install(bot, record);
      running = { bot, token };
      this.running.set(record.id, running);
    }
    return running;
  }

  /** Every enabled bot, at start: webhooks set (again), pollers running where this process polls. */
  async startAll(): Promise<void> {
    for (const record of await this.deps.repo.enabled()) {
      if (this.stopped) return;
      await this.attach(record).catch((err) => this.failed(record, err));
    }
  }

  /** A bot was added or enabled: its webhook is set, or its poller starts. */
  async attach(record: BotRecord): Promise<void> {
    const running = this.entry(record);
    if (this.mode === 'webhook') {
      await running.bot.api.setWebhook(this.webhookUrl(record.id), {
        secret_token: this.webhookSecret(record.id),
        allowed_updates: [...ALLOWED_UPDATES],
      });
      return;
    }
    if (!this.deps.runPollers || running.poller) return;
    running.poller = new Poller(record.id, running.bot, {
      lock: this.deps.lock,
      loadOffset: async () => (await this.deps.repo.findById(record.id))?.updateOffset ?? 0,
      saveOffset: (offset) => this.deps.repo.update(record.id, { updateOffset: offset }),
      handle: (update) => this.handle(record.id, update),
      onError: (err) => this.failed(record, err),
      retryMs: this.deps.pollerRetryMs,
      timeoutSeconds: this.deps.pollTimeoutSeconds,
    });
    running.poller.start();
  }

  /** A bot was disabled or deleted: no more polling, and Telegram stops calling its webhook. */
  async detach(record: BotRecord): Promise<void> {
    const running = this.running.get(record.id);
    this.running.delete(record.id);
    await running?.poller?.stop();
    const bot = running?.bot ?? this.entry(record).bot;
    this.running.delete(record.id);
    await bot.api.deleteWebhook().catch((err) => this.failed(record, err));
  }

  /** Hands an update (from the webhook or a poller) to the bot's handlers; never throws. */
  async handle(botId: number, update: Update): Promise<void> {
    const record = this.running.get(botId) ? undefined : await this.deps.repo.findById(botId);
    const running = this.running.get(botId) ?? (record?.enabled ? this.entry(record) : undefined);
    if (!running) return;
    await running.bot
      .handleUpdate(update)
      .catch((err) =>
        this.deps.log.warn({ botId, reason: describeError(err, running.token) }, 'telegram update failed'),
      );
  }

  /** The lock connection went away: every poller stops polling until it holds its lock again. */
  locksLost(): void {
    for (const running of this.running.values()) running.poller?.lost();
  }

  /** Whether this process polls the bot now (tests, status). */
  polling(botId: number): boolean {
    return this.running.get(botId)?.poller?.holding ?? false;
  }

  /** Logs a bot's failure (token masked) and keeps it as the bot's status and last error. */
  async failed(record: BotRecord, err: unknown): Promise<void> {
    const token = this.running.get(record.id)?.token ?? '';
    const reason = token ? describeError(err, token) : 'the bot could not start';
    this.deps.log.warn({ botId: record.id, reason }, 'telegram bot error');
    await this.deps.repo
      .update(record.id, { status: 'error', lastError: reason, lastErrorAt: new Date() })
      .catch(() => undefined);
  }

  async stopAll(): Promise<void> {
    this.stopped = true;
    await this.starter.stop();
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(all.map((r) => r.poller?.stop()));
    await this.deps.lock.close();
  }
}
