import type { MessageLanguage } from '@tally/contracts';
import type { Bot, Context } from 'grammy';
import { sha256 } from '../../lib/tokens.js';
import type { SitesService } from '../sites/sites.service.js';
import { botTexts, languageOf } from './bot-texts.js';
import type { BotRecord } from './bots.repository.js';
import type { ChatsService } from './chats.service.js';
import type { LinksRepository } from './links.repository.js';
import type { TelegramReports } from './telegram-reports.js';

export interface HandlerDeps {
  chats: ChatsService;
  links: LinksRepository;
  reports: TelegramReports;
  sites: SitesService;
  now: () => Date;
  onError(botId: number, err: unknown): void;
}

const isGroup = (ctx: Context) => ctx.chat?.type === 'group' || ctx.chat?.type === 'supergroup';

/** The update handlers of one bot: memberships, migrations and the commands. */
export function installHandlers(bot: Bot, record: BotRecord, deps: HandlerDeps): void {
  const botId = record.id;

  bot.on('my_chat_member', async (ctx) => {
    const u = ctx.myChatMember;
    if (u.chat.type === 'private') return;
    await deps.chats.learn(
      {
        botId,
        chatId: u.chat.id,
        title: 'title' in u.chat ? (u.chat.title ?? '') : '',
        type: u.chat.type,
        status: u.new_chat_member.status,
        at: new Date(u.date * 1000),
      },
      () => ctx.api.getChatMemberCount(u.chat.id),
    );
  });

  bot.on('message:migrate_to_chat_id', (ctx) =>
    deps.chats.migrate(botId, ctx.chat.id, ctx.message.migrate_to_chat_id),
  );
  bot.on('message:migrate_from_chat_id', (ctx) =>
    deps.chats.migrate(botId, ctx.message.migrate_from_chat_id, ctx.chat.id),
  );

  /** The chat's language in a group, the user's own in a private chat. */
  const lang = async (ctx: Context): Promise<MessageLanguage> => {
    if (isGroup(ctx)) {
      const chat = await deps.chats.findByChat(botId, ctx.chat!.id);
      if (chat) return chat.language === 'en' ? 'en' : 'zh';
    }
    return languageOf(ctx.from?.language_code);
  };

  bot.command('start', async (ctx) => {
    const t = botTexts(await lang(ctx));
    const token = ctx.match.trim();
    if (!token || ctx.chat.type !== 'private') return void (await ctx.reply(t.help));
    const userId = await deps.links.consumeToken(sha256(token), deps.now());
    if (userId === undefined || !ctx.from) return void (await ctx.reply(t.linkInvalid));
    await deps.links.link(userId, ctx.from.id, { botId, language: languageOf(ctx.from.language_code) });
    await ctx.reply(t.linked);
  });

  bot.command('help', async (ctx) => void (await ctx.reply(botTexts(await lang(ctx)).help)));

  bot.command('stats', async (ctx) => {
    const t = botTexts(await lang(ctx));
    const siteIds = await visibleSites(ctx);
    const arg = ctx.match.trim().toLowerCase();
    const lines: string[] = [];
    for (const id of siteIds) {
      const f = await deps.reports.figures(id);
      if (!f || (arg && arg !== String(id) && !f.name.toLowerCase().includes(arg))) continue;
      lines.push(t.figures(f));
    }
    await ctx.reply(lines.length ? lines.join('\n\n') : t.noSites);
  });

  /** A group's bound sites; in a private chat, the linked user's own sites. */
  const visibleSites = async (ctx: Context): Promise<number[]> => {
    if (isGroup(ctx)) {
      const chat = await deps.chats.findByChat(botId, ctx.chat!.id);
      return chat ? deps.chats.boundSites(chat.id) : [];
    }
    const userId = ctx.from ? await deps.links.userOf(ctx.from.id) : undefined;
    if (userId === undefined) return [];
    return (await deps.sites.sitesOfUser(userId, false)).map((s) => s.id);
  };

  /** /bind and /unbind: in a group, by the linked owner of the site only. */
  const ownerCommand = (
    usage: 'bindUsage' | 'unbindUsage',
    act: (groupId: number, siteId: number) => Promise<unknown>,
    done: 'bound' | 'unbound',
  ) =>
    bot.command(usage === 'bindUsage' ? 'bind' : 'unbind', async (ctx) => {
      const t = botTexts(await lang(ctx));
      if (!isGroup(ctx)) return void (await ctx.reply(t.groupOnly));
      const siteId = /^\d{1,15}$/.test(ctx.match.trim()) ? Number(ctx.match.trim()) : undefined;
      if (siteId === undefined) return void (await ctx.reply(t[usage]));
      const userId = ctx.from ? await deps.links.userOf(ctx.from.id) : undefined;
      if (userId === undefined) return void (await ctx.reply(t.notLinked));
      const site = await deps.sites.row(siteId);
      if (!site || site.userId !== userId) return void (await ctx.reply(t.notOwner));
      const chat =
        (await deps.chats.findByChat(botId, ctx.chat.id)) ??
        (await deps.chats.learn(
          {
            botId,
            chatId: ctx.chat.id,
            title: ctx.chat.title ?? '',
            type: ctx.chat.type,
            status: 'member',
            at: deps.now(),
          },
          async () => undefined,
        ));
      await act(chat.id, siteId);
      await ctx.reply(t[done](site.name));
    });
  ownerCommand('bindUsage', (g, s) => deps.chats.bindFromChat(g, s), 'bound');
  ownerCommand('unbindUsage', (g, s) => deps.chats.unbindFromChat(g, s), 'unbound');

  bot.catch((err) => deps.onError(botId, err.error));
}
