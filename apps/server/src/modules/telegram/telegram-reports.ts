import { type MessageLanguage, type Overview, overviewQuerySchema } from '@tally/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { InputFile } from 'grammy';
import type { OverviewService } from '../reports/overview.service.js';
import type { SitesService } from '../sites/sites.service.js';
import { describeError } from './bot-client.js';
import { reportText, type SiteFigures } from './bot-texts.js';
import type { BotsRepository } from './bots.repository.js';
import { type HourPoint, hoursChartPng } from './chart.js';
import type { ChatRecord, ChatsRepository, DueBinding } from './chats.repository.js';
import type { BotRuntime } from './runtime.js';
import { dueSlot } from './schedule.js';

export interface ReportsDeps {
  chats: ChatsRepository;
  bots: BotsRepository;
  runtime: BotRuntime;
  sites: SitesService;
  overview: OverviewService;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** What the scheduled scan did, for tests and the bench. */
export interface ScanResult {
  due: number;
  sent: number;
  failed: number;
}

/** The 24 hours up to now: yesterday's after the current hour, then today's up to it (local hours). */
export function last24Hours(hours: Overview['hours']): HourPoint[] {
  const current = hours.filter((h) => h.today !== null).length;
  const point = (hour: number, m: { pv: number; uv: number }) => ({
    label: String(hour).padStart(2, '0'),
    pv: m.pv,
    uv: m.uv,
  });
  return [
    ...hours.slice(current).map((h) => point(h.hour, h.yesterday)),
    ...hours.slice(0, current).map((h) => point(h.hour, h.today!)),
  ];
}

/** Site figures from the report service the API answers with, and reports sent to chats. */
export class TelegramReports {
  constructor(private readonly deps: ReportsDeps) {}

  /** Today's PV, UV, IP and visits of a site: /site/overview's `today`. */
  async figures(siteId: number): Promise<SiteFigures | undefined> {
    return (await this.read(siteId))?.figures;
  }

  /** The site's overview, as /site/overview answers it: today's figures and the hours. */
  private async read(
    siteId: number,
  ): Promise<{ figures: SiteFigures; hours: Overview['hours'] } | undefined> {
    const site = await this.deps.sites.row(siteId);
    if (!site) return undefined;
    const o = await this.deps.overview.overview(site, overviewQuerySchema.parse({}));
    const { pv, uv, ip, visits } = o.today;
    return { figures: { name: site.name, day: o.period.to, pv, uv, ip, visits }, hours: o.hours };
  }

  /**
   * Sends the report of `siteId` to a chat through its bot (paced, 429s waited out): the last 24 hours'
   * PV/UV chart, the figures as its caption.
   */
  async send(chat: ChatRecord, siteId: number): Promise<boolean> {
    const report = await this.read(siteId);
    if (!report) return false;
    const bot = await this.deps.bots.findById(chat.botId);
    if (!bot) throw new Error('bot gone');
    const chart = new InputFile(hoursChartPng(last24Hours(report.hours)), 'traffic-24h.png');
    await this.deps.runtime.bot(bot).api.sendPhoto(chat.chatId, chart, {
      caption: reportText(chat.language as MessageLanguage, report.figures),
    });
    return true;
  }

  async sendText(chat: ChatRecord, text: string): Promise<void> {
    const bot = await this.deps.bots.findById(chat.botId);
    if (!bot) throw new Error('bot gone');
    await this.deps.runtime.bot(bot).api.sendMessage(chat.chatId, text);
  }

  /**
   * The scheduled scan (every minute): each binding whose slot has come is claimed in the slot table
   * (one row per binding and local day, so one worker wins it) and its report sent. A failed send
   * gives the slot back for the next scan.
   */
  async runDue(now = this.deps.now()): Promise<ScanResult> {
    const result: ScanResult = { due: 0, sent: 0, failed: 0 };
    const claimed: { due: DueBinding; slot: string }[] = [];
    // Claims first, sends after: the sends then pace themselves without the claims' statements between them.
    for (const due of await this.deps.chats.scheduled()) {
      const slot = dueSlot(due.binding, due.siteTimezone, now);
      if (!slot) continue;
      result.due += 1;
      if (await this.deps.chats.claimSlot(due.binding.id, slot)) claimed.push({ due, slot });
    }
    const jobs = claimed.map(({ due, slot }) =>
      this.send(due.chat, due.binding.siteId)
        .then(() => this.deps.chats.markSent(due.binding.id, slot))
        .then(() => {
          result.sent += 1;
        })
        .catch(async (err) => {
          result.failed += 1;
          this.deps.log.warn(
            { bindingId: due.binding.id, reason: describeError(err) },
            'telegram report failed',
          );
          await this.deps.chats.releaseSlot(due.binding.id, slot);
        }),
    );
    await Promise.all(jobs);
    return result;
  }
}
