import { formatMicros } from '@tally/contracts';
import { defineModule } from '../../kernel/module.js';
import { createSealer } from '../../lib/sealed.js';
import { describeError } from './bot-client.js';
import { BotsRepository } from './bots.repository.js';
import { BotsService } from './bots.service.js';
import { ChatsRepository } from './chats.repository.js';
import { ChatsService } from './chats.service.js';
import { installHandlers } from './handlers.js';
import { LinksRepository } from './links.repository.js';
import { LoginIpsRepository } from './login-ips.repository.js';
import { NOTICE_JOB, type NoticeJob, NoticeSender, Notices } from './notices.service.js';
import { PaceRepository } from './pace.repository.js';
import { AdvisoryPollerLock, LocalPollerLock, type PollerLock } from './poller-lock.js';
import { BotRuntime } from './runtime.js';
import { type SendLimitOptions, TELEGRAM_LIMITS } from './send-limits.js';
import { telegramRoutes } from './telegram.routes.js';
import { TelegramReports } from './telegram-reports.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    bots: BotsService;
    telegramChats: ChatsService;
    telegramReports: TelegramReports;
    telegramRuntime: BotRuntime;
    /** Tells a linked user's Telegram account (after the change committed): see notices.ts. */
    notices: Notices;
    telegramNotices: NoticeSender;
  }
  interface KernelSeams {
    /** Telegram pacing and takeover timing (tests and the bench shorten or loosen them). */
    telegram?: { limits?: SendLimitOptions; pollerRetryMs?: number; pollTimeoutSeconds?: number };
  }
}

export const TELEGRAM_JOBS = { reports: 'telegram.reports', notice: NOTICE_JOB } as const;

/**
 * The notices port, early in the module list so the money and sign-in areas can be built with it; it
 * only queues jobs, which the telegram module below defines and sends. Recharges are heard from the
 * ledger (every way a recharge is credited posts a `recharge` entry), after their transaction commits.
 */
export const telegramNoticesModule = defineModule({
  name: 'telegram-notices',
  needs: ['ledger'],
  services: ({ db, jobs, log, seams, ledger }) => {
    const notices = new Notices({
      jobs,
      links: new LinksRepository(db.orm),
      loginIps: new LoginIpsRepository(db.orm),
      log,
      now: seams.clock ?? (() => new Date()),
    });
    ledger.onCommitted((entry) => {
      if (entry.kind === 'recharge' && entry.account === 'balance')
        void notices.tell(entry.userId, {
          kind: 'recharge',
          amount: formatMicros(entry.amount),
          balance: formatMicros(entry.balanceAfter),
        });
    });
    return { notices };
  },
});

/** Telegram bots, the groups they are in, their commands and the scheduled group reports. */
export const telegramModule = defineModule({
  name: 'telegram',
  needs: ['audit', 'sites', 'overview', 'subscriptions'],
  services: ({ db, config, log, seams, audit, sites, overview, subscriptions }) => {
    const now = seams.clock ?? (() => new Date());
    const botsRepo = new BotsRepository(db.orm);
    const chatsRepo = new ChatsRepository(db.orm);
    const links = new LinksRepository(db.orm);
    const sealer = createSealer(config.appSecret);
    let runtime: BotRuntime;
    const lock: PollerLock = db.url
      ? new AdvisoryPollerLock(db.url, log, () => runtime.locksLost())
      : new LocalPollerLock();
    const handlers: {
      install?: (
        bot: Parameters<typeof installHandlers>[0],
        record: Parameters<typeof installHandlers>[1],
      ) => void;
    } = {};
    runtime = new BotRuntime({
      repo: botsRepo,
      sealer,
      appSecret: config.appSecret,
      apiRoot: config.telegramApiRoot,
      publicUrl: config.publicUrl,
      runPollers: config.role !== 'serve',
      lock,
      log,
      limits: seams.telegram?.limits ?? TELEGRAM_LIMITS,
      pace: new PaceRepository(db),
      pollerRetryMs: seams.telegram?.pollerRetryMs ?? 3000,
      pollTimeoutSeconds: seams.telegram?.pollTimeoutSeconds ?? 25,
      install: (bot, record) => handlers.install?.(bot, record),
    });
    const telegramReports = new TelegramReports({
      chats: chatsRepo,
      bots: botsRepo,
      runtime,
      sites,
      overview,
      log,
      now,
    });
    const telegramChats = new ChatsService({
      repo: chatsRepo,
      bots: botsRepo,
      runtime,
      reports: telegramReports,
      sites,
      audit,
      db,
    });
    const bots = new BotsService({
      repo: botsRepo,
      links,
      runtime,
      sealer,
      audit,
      db,
      apiRoot: config.telegramApiRoot,
      now,
    });
    bots.onCreate((auth, owned, tx) => subscriptions.checkBotLimit(auth, owned, tx));
    handlers.install = (bot, record) =>
      installHandlers(bot, record, {
        chats: telegramChats,
        links,
        reports: telegramReports,
        sites,
        now,
        onError: (botId, err) => log.warn({ botId, reason: describeError(err) }, 'telegram handler failed'),
      });
    const telegramNotices = new NoticeSender({ links, bots: botsRepo, runtime, log });
    return { bots, telegramChats, telegramReports, telegramRuntime: runtime, telegramNotices };
  },
  routes: async (app, s) => {
    // Bots start in the background, retried until the database answers: HTTP does not wait for them.
    app.addHook('onReady', async () => s.telegramRuntime.startInBackground());
    await app.register(telegramRoutes, s);
  },
  jobs: (s) => [
    {
      name: TELEGRAM_JOBS.reports,
      schedule: '* * * * *',
      retryLimit: 0,
      handler: async () => {
        await s.telegramReports.runDue();
        await s.bots.refreshAll();
      },
    },
    {
      name: TELEGRAM_JOBS.notice,
      retryLimit: 3,
      retryDelay: 30,
      handler: (job: NoticeJob) => s.telegramNotices.deliver(job),
    },
  ],
  close: (s) => s.telegramRuntime.stopAll(),
});
