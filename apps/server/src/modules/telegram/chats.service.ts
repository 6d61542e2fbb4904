import {
  type Binding,
  type ChatBindBody,
  type ChatPage,
  type ChatRow,
  stripBidiControls,
} from '@tally/contracts';
import type { Database } from '../../db/client.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { SitesService } from '../sites/sites.service.js';
import type { BotsRepository } from './bots.repository.js';
import {
  type ChatFilter,
  type ChatRecord,
  type ChatsRepository,
  GONE,
  type Membership,
} from './chats.repository.js';
import type { BotRuntime } from './runtime.js';
import type { TelegramReports } from './telegram-reports.js';

export interface ChatsDeps {
  repo: ChatsRepository;
  bots: BotsRepository;
  runtime: BotRuntime;
  reports: TelegramReports;
  sites: SitesService;
  audit: AuditService;
  db: Database;
}

/** 群组管理: the chats the bots are in, learned from Telegram, with their report bindings. */
export class ChatsService {
  constructor(private readonly deps: ChatsDeps) {}

  async list(query: ChatFilter & { page: number; limit: number; sort?: string }): Promise<ChatPage> {
    const page = await this.deps.repo.list(query, query);
    const bindings = await this.deps.repo.bindingsOf(page.list.map((r) => r.chat.id));
    return {
      ...page,
      list: page.list.map(({ chat, botUsername }) =>
        toRow(chat, botUsername, bindings.filter((b) => b.binding.groupId === chat.id).map(toBinding)),
      ),
    };
  }

  private async chat(id: number): Promise<ChatRecord> {
    const chat = await this.deps.repo.findById(id);
    if (!chat) throw notFound('chat not found');
    return chat;
  }

  /** A chat the bot is still in: sends and bindings need one. */
  private async present(id: number): Promise<ChatRecord> {
    const chat = await this.chat(id);
    if (GONE.includes(chat.botStatus)) throw fieldError('id', 'the bot is no longer in this chat');
    return chat;
  }

  async setLanguage(actor: Actor, id: number, language: string): Promise<void> {
    const chat = await this.chat(id);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.in(tx).update(id, { language });
      await this.deps.audit.record(
        {
          actorId: actor.userId,
          ip: actor.ip,
          action: 'groups.update',
          target: `group:${id}`,
          before: { language: chat.language },
          after: { language },
        },
        tx,
      );
    });
  }

  async bind(actor: Actor, body: ChatBindBody): Promise<void> {
    await this.present(body.id);
    if (!(await this.deps.sites.row(body.site_id))) throw fieldError('site_id', 'site not found');
    const binding = {
      groupId: body.id,
      siteId: body.site_id,
      schedule: body.schedule,
      time: body.time,
      weekday: body.schedule === 'weekly' ? body.weekday : null,
    };
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.in(tx).bind(binding);
      await this.deps.audit.record(
        {
          actorId: actor.userId,
          ip: actor.ip,
          action: 'groups.bind',
          target: `group:${body.id}`,
          after: binding,
        },
        tx,
      );
    });
  }

  async unbind(actor: Actor, id: number, siteId: number): Promise<void> {
    await this.chat(id);
    await this.deps.db.transaction(async (tx) => {
      if ((await this.deps.repo.in(tx).unbind(id, siteId)) === 0)
        throw fieldError('site_id', 'site not found');
      await this.deps.audit.record(
        {
          actorId: actor.userId,
          ip: actor.ip,
          action: 'groups.unbind',
          target: `group:${id}`,
          before: { siteId },
        },
        tx,
      );
    });
  }

  /** Sends the report of one bound site (or of each) now, outside any schedule. */
  async testReport(id: number, siteId?: number): Promise<{ sent: number }> {
    const chat = await this.present(id);
    const bound = await this.deps.repo.boundSites(id);
    const siteIds = siteId === undefined ? bound : [siteId];
    if (siteIds.length === 0 || (siteId !== undefined && !bound.includes(siteId)))
      throw fieldError('site_id', 'site not found');
    let sent = 0;
    for (const site of siteIds) if (await this.deps.reports.send(chat, site)) sent += 1;
    return { sent };
  }

  async send(actor: Actor, id: number, text: string): Promise<void> {
    const chat = await this.present(id);
    await this.deps.reports.sendText(chat, text);
    await this.deps.audit.record({
      actorId: actor.userId,
      ip: actor.ip,
      action: 'groups.send',
      target: `group:${id}`,
    });
  }

  /** The bot leaves the chat; the record stays (left), its bindings with it. */
  async leave(actor: Actor, id: number): Promise<void> {
    const chat = await this.present(id);
    const bot = await this.deps.bots.findById(chat.botId);
    if (bot) await this.deps.runtime.bot(bot).api.leaveChat(chat.chatId);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo
        .in(tx)
        .update(id, { botStatus: 'left', leftAt: new Date(), updatedAt: new Date() });
      await this.deps.audit.record(
        { actorId: actor.userId, ip: actor.ip, action: 'groups.leave', target: `group:${id}` },
        tx,
      );
    });
  }

  /**
   * A my_chat_member update: the bot was added, promoted, restricted, removed or left. The title is kept
   * without bidirectional controls: anyone may name a group, and `\u202Egnp.exe` would show in 群组管理
   * as `exe.png`.
   */
  async learn(m: Membership, memberCount: () => Promise<number | undefined>): Promise<ChatRecord> {
    const count = GONE.includes(m.status) ? undefined : await memberCount().catch(() => undefined);
    return this.deps.repo.upsertMembership({ ...m, title: stripBidiControls(m.title), memberCount: count });
  }

  migrate(botId: number, fromChatId: number, toChatId: number): Promise<void> {
    return this.deps.repo.migrate(botId, fromChatId, toChatId);
  }

  findByChat(botId: number, chatId: number) {
    return this.deps.repo.findByChat(botId, chatId);
  }

  boundSites(groupId: number) {
    return this.deps.repo.boundSites(groupId);
  }

  /** /bind from a group: a daily report at 09:00 by default. */
  bindFromChat(groupId: number, siteId: number): Promise<void> {
    return this.deps.repo.bind({ groupId, siteId, schedule: 'daily', time: '09:00', weekday: null });
  }

  unbindFromChat(groupId: number, siteId: number): Promise<number> {
    return this.deps.repo.unbind(groupId, siteId);
  }
}

function toBinding(r: {
  binding: { id: number; siteId: number; schedule: string; time: string; weekday: number | null };
  siteName: string;
}): Binding {
  return {
    id: r.binding.id,
    site_id: r.binding.siteId,
    site_name: r.siteName,
    schedule: r.binding.schedule as Binding['schedule'],
    time: r.binding.time,
    weekday: r.binding.weekday,
  };
}

function toRow(c: ChatRecord, botUsername: string, bindings: Binding[]): ChatRow {
  return {
    id: c.id,
    chat_id: c.chatId,
    title: c.title,
    type: c.type,
    bot_id: c.botId,
    bot_username: botUsername,
    bot_status: c.botStatus,
    member_count: c.memberCount,
    language: c.language === 'en' ? 'en' : 'zh',
    joined_at: c.joinedAt?.toISOString() ?? null,
    left_at: c.leftAt?.toISOString() ?? null,
    bindings,
  };
}
