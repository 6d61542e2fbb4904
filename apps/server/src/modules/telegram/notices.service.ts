import type { FastifyBaseLogger } from 'fastify';
import { GrammyError } from 'grammy';
import type { Jobs } from '../../jobs/index.js';
import { describeError } from './bot-client.js';
import type { BotsRepository } from './bots.repository.js';
import type { LinksRepository } from './links.repository.js';
import type { LoginIpsRepository } from './login-ips.repository.js';
import { type Notice, noticeText } from './notice-texts.js';
import type { BotRuntime } from './runtime.js';

export type { Notice, NoticeKind } from './notice-texts.js';

export const NOTICE_JOB = 'telegram.notice';

export interface NoticeJob {
  userId: number;
  notice: Notice;
}

/**
 * The port other areas tell a user's news through (`services.notices`). Call it AFTER the change's
 * transaction committed (`tx.afterCommit`, or once `db.transaction` returned): it only queues a job, so
 * Telegram being slow or down never holds up, fails or rolls back the change. It never throws.
 */
export class Notices {
  constructor(
    private readonly deps: {
      jobs: Jobs;
      links: LinksRepository;
      loginIps: LoginIpsRepository;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  /** Queues `notice` for the user's linked Telegram account; nothing when none (or its bot is disabled). */
  async tell(userId: number, notice: Notice): Promise<void> {
    try {
      if (!(await this.deps.links.noticeTarget(userId))) return;
      await this.deps.jobs.send(NOTICE_JOB, { userId, notice } satisfies NoticeJob);
    } catch (err) {
      this.deps.log.warn({ userId, kind: notice.kind, reason: describeError(err) }, 'notice not queued');
    }
  }

  /**
   * A sign-in (after its session opened): the address is remembered, and told when the user had signed
   * in before (`previousIp`, the account's last sign-in address) from other addresses only.
   */
  async signedIn(userId: number, ip: string, previousIp: string | null): Promise<void> {
    try {
      const isNew = await this.deps.loginIps.remember(userId, ip);
      if (isNew && previousIp !== null && previousIp !== ip)
        await this.tell(userId, { kind: 'login', ip, at: this.deps.now().toISOString() });
    } catch (err) {
      this.deps.log.warn({ userId, reason: describeError(err) }, 'sign-in address not remembered');
    }
  }
}

/** The notice job: the text in the account's language, sent by its bot through the shared pacing. */
export class NoticeSender {
  constructor(
    private readonly deps: {
      links: LinksRepository;
      bots: BotsRepository;
      runtime: BotRuntime;
      log: FastifyBaseLogger;
    },
  ) {}

  async deliver({ userId, notice }: NoticeJob): Promise<void> {
    // Read again: the account may have been unlinked or its bot disabled since the job was queued.
    const target = await this.deps.links.noticeTarget(userId);
    const bot = target && (await this.deps.bots.findById(target.botId));
    if (!target || !bot) return;
    try {
      await this.deps.runtime
        .bot(bot)
        .api.sendMessage(target.telegramUserId, noticeText(target.language, notice));
    } catch (err) {
      // Telegram refused it for good (the user blocked the bot, the chat is gone): a retry changes nothing.
      // 429s were waited out by auto-retry already; network errors throw, so the job is retried.
      const reason = describeError(err, this.deps.runtime.tokenOf(bot));
      if (!(err instanceof GrammyError)) throw new Error(reason);
      this.deps.log.warn({ userId, botId: bot.id, kind: notice.kind, reason }, 'telegram notice refused');
    }
  }
}
