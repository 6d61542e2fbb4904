import { randomInt } from 'node:crypto';
import {
  type ChatRow,
  type PlaygroundMessage,
  type PlaygroundStatus,
  parseMicros,
  type RechargeRow,
} from '@tally/contracts';
import type { Services } from '../../kernel/module.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Actor } from '../audit/audit.service.js';
import type { AuthContext } from '../sessions/sessions.service.js';
import type {
  PlaygroundBotCall,
  PlaygroundChat,
  PlaygroundMember,
  PlaygroundSeam,
} from './playground-seam.js';

export interface PlaygroundDeps
  extends Pick<
    Services,
    'recharges' | 'chainWatcher' | 'bots' | 'telegramChats' | 'telegramRuntime' | 'sites' | 'users'
  > {
  /** Present only when the server runs as the playground; every call is a 404 without it. */
  seam: PlaygroundSeam | undefined;
  /** How long a command waits for the bot's answer. */
  replyTimeoutMs?: number;
}

/** The member of every fake group who adds the bot and types the commands. */
export const PLAYGROUND_MEMBER: PlaygroundMember = { id: 4_200_000_001, first_name: 'Playground' };

export const NOT_PLAYGROUND = 'Not found: the server is not running as the playground (npm run demo).';

const BOT_SENDS = ['sendMessage', 'sendPhoto'];

/** A sent photo's bytes (a multipart file the fake Bot API kept) as a data URL. */
function photoOf(call: PlaygroundBotCall): string | null {
  for (const value of Object.values(call.params)) {
    const data = (value as { data?: unknown } | null)?.data;
    if (Buffer.isBuffer(data)) return `data:image/png;base64,${data.toString('base64')}`;
  }
  return null;
}

function botMessage(call: PlaygroundBotCall, index: number): PlaygroundMessage {
  const photo = call.method === 'sendPhoto' ? photoOf(call) : null;
  return {
    id: `bot-${index}`,
    at: new Date(call.at).toISOString(),
    chat_id: Number(call.params.chat_id),
    from: 'bot',
    kind: call.method === 'sendPhoto' ? 'photo' : 'text',
    text: String(call.params.text ?? call.params.caption ?? ''),
    photo,
  };
}

/**
 * The Playground panel: plays the outside world's part against the real product paths. A payment is a
 * transfer on the fake TronGrid that the chain watcher reads and matches; a group and its members are
 * updates the fake Bot API delivers to the bot the way Telegram would (getUpdates or the webhook), and
 * the bot's answers are the calls it recorded.
 */
export class PlaygroundService {
  /** What the fake members did, in order (the bot's side is the fake Bot API's record). */
  private readonly memberLog: PlaygroundMessage[] = [];
  private botId?: number;

  constructor(private readonly deps: PlaygroundDeps) {}

  get enabled(): boolean {
    return this.deps.seam !== undefined;
  }

  /** The seam, or the 404 every playground call answers outside the playground. */
  private seam(): PlaygroundSeam {
    if (!this.deps.seam) throw notFound(NOT_PLAYGROUND);
    return this.deps.seam;
  }

  async status(): Promise<PlaygroundStatus> {
    const seam = this.seam();
    const ownerId = await this.deps.users.idByEmail(seam.demoEmail);
    const sites = ownerId === undefined ? [] : await this.deps.sites.sitesOfUser(ownerId, false);
    return {
      data_dir: seam.dataDir,
      trongrid_url: seam.chain.url,
      bot_api_url: seam.botApi.url,
      address: seam.address,
      bot_username: seam.bot.username,
      bot_mode: this.deps.telegramRuntime.mode,
      demo_email: seam.demoEmail,
      sites: sites.map((s) => ({ id: s.id, name: s.name })),
    };
  }

  /** Every recharge still waiting for its payment, newest first. */
  async openRecharges(): Promise<{ list: RechargeRow[] }> {
    this.seam();
    const page = await this.deps.recharges.list({ status: 'pending', page: 1, limit: 50 });
    return { list: page.list };
  }

  /**
   * Pays a recharge as its user would: a confirmed transfer of exactly its payable amount to its
   * address on the fake chain. Then one watcher cycle runs at once (the minute's job would find it too).
   */
  async pay(id: number): Promise<{ tx_id: string; matched: number; recharge: RechargeRow }> {
    const seam = this.seam();
    const recharge = await this.deps.recharges.byId(id);
    if (recharge.status === 'paid') throw fieldError('id', 'This recharge is paid already.');
    const value = parseMicros(recharge.payable);
    if (value === undefined) throw fieldError('id', 'This recharge has no payable amount.');
    const txId = seam.chain.inject({ to: recharge.address, value });
    const report = await this.deps.chainWatcher.cycle();
    return { tx_id: txId, matched: report.matched, recharge: await this.deps.recharges.byId(id) };
  }

  /** Tally's id of the demo bot (found by its username, once). */
  private async tallyBotId(auth: AuthContext): Promise<number> {
    if (this.botId !== undefined) return this.botId;
    const { username } = this.seam().bot;
    const page = await this.deps.bots.list(auth, { keyword: username, page: 1, limit: 10 });
    const bot = page.list.find((b) => b.username === username);
    if (!bot) throw notFound('the demo bot is missing (deleted in 机器人列表?)');
    this.botId = bot.id;
    return bot.id;
  }

  async groups(auth: AuthContext): Promise<{ list: ChatRow[] }> {
    this.seam();
    const botId = await this.tallyBotId(auth);
    const page = await this.deps.telegramChats.list({ botId, page: 1, limit: 100, sort: '-id' });
    return { list: page.list };
  }

  private async group(auth: AuthContext, groupId: number): Promise<ChatRow> {
    const group = (await this.groups(auth)).list.find((g) => g.id === groupId);
    if (!group) throw fieldError('group_id', 'not a group of the demo bot');
    return group;
  }

  private chatOf(group: ChatRow): PlaygroundChat {
    return { id: group.chat_id, type: group.type === 'group' ? 'group' : 'supergroup', title: group.title };
  }

  /**
   * A new fake supergroup adds the bot as an administrator: the `my_chat_member` update goes to the bot,
   * whose handler records the group (群组管理) as it would any group. With `site_id`, the group is bound
   * to that site's daily report, as 群组管理's 绑定站点 does.
   */
  async addGroup(
    auth: AuthContext,
    actor: Actor,
    body: { title: string; site_id?: number },
  ): Promise<ChatRow> {
    const seam = this.seam();
    const botId = await this.tallyBotId(auth);
    const chat: PlaygroundChat = {
      id: -(1_000_000_000_000 + randomInt(1, 999_999_999)),
      type: 'supergroup',
      title: body.title,
    };
    seam.botApi.memberCounts.set(chat.id, randomInt(3, 60));
    this.logMember(
      chat.id,
      'joined',
      `${PLAYGROUND_MEMBER.first_name} added @${seam.bot.username} to “${chat.title}”`,
    );
    await seam.botApi.deliver(
      seam.bot.token,
      seam.botApi.myChatMember(chat, 'administrator', 'left', PLAYGROUND_MEMBER),
    );
    const record = await this.until('the bot to see its new group', () =>
      this.deps.telegramChats.findByChat(botId, chat.id),
    );
    if (body.site_id !== undefined)
      await this.deps.telegramChats.bind(actor, {
        id: record.id,
        site_id: body.site_id,
        schedule: 'daily',
        time: '09:00',
        weekday: null,
      });
    return this.group(auth, record.id);
  }

  /** A member types `text` in the group; resolves with the bot's answers once it sent one. */
  async command(auth: AuthContext, body: { group_id: number; text: string }) {
    const seam = this.seam();
    const chat = this.chatOf(await this.group(auth, body.group_id));
    const before = this.botSends(chat.id).length;
    this.logMember(chat.id, 'text', body.text);
    await seam.botApi.deliver(seam.bot.token, seam.botApi.message(chat, body.text, PLAYGROUND_MEMBER));
    return { replies: await this.repliesAfter(chat.id, before) };
  }

  /** The group's bound sites' report, sent now (群组管理's 测试报告: the chart photo and its figures). */
  async report(auth: AuthContext, body: { group_id: number }) {
    const group = await this.group(auth, body.group_id);
    const before = this.botSends(group.chat_id).length;
    await this.deps.telegramChats.testReport(group.id);
    return { replies: await this.repliesAfter(group.chat_id, before) };
  }

  /** The fake groups' conversations (one group's with `chatOf`), oldest first. */
  messages(query: { group_chat_id?: number } = {}): { list: PlaygroundMessage[] } {
    const seam = this.seam();
    const bot = seam.botApi.calls
      .filter((c) => c.token === seam.bot.token && c.status === 200 && BOT_SENDS.includes(c.method))
      .map((c) => botMessage(c, seam.botApi.calls.indexOf(c)));
    const list = [...this.memberLog, ...bot]
      .filter(
        (m) => m.chat_id < 0 && (query.group_chat_id === undefined || m.chat_id === query.group_chat_id),
      )
      .sort((a, b) => a.at.localeCompare(b.at));
    return { list };
  }

  /** The messages of a group by its id in 群组管理. */
  async groupMessages(auth: AuthContext, groupId?: number) {
    if (groupId === undefined) return this.messages();
    return this.messages({ group_chat_id: (await this.group(auth, groupId)).chat_id });
  }

  /** What a member did, logged before it is delivered (a webhook bot answers before `deliver` returns). */
  private logMember(chatId: number, kind: 'text' | 'joined', text: string): void {
    this.memberLog.push({
      id: `member-${this.memberLog.length}`,
      at: new Date().toISOString(),
      chat_id: chatId,
      from: 'member',
      kind,
      text,
      photo: null,
    });
  }

  private botSends(chatId: number): PlaygroundBotCall[] {
    const seam = this.seam();
    return seam.botApi.calls.filter(
      (c) =>
        c.token === seam.bot.token &&
        c.status === 200 &&
        BOT_SENDS.includes(c.method) &&
        Number(c.params.chat_id) === chatId,
    );
  }

  /** The bot's sends to the chat after the first `before`, waiting for one and for the burst to end. */
  private async repliesAfter(chatId: number, before: number): Promise<PlaygroundMessage[]> {
    await this.until('the bot to answer', () => this.botSends(chatId).length > before);
    // A report of several sites is several sends: give the others a moment to follow.
    let seen = this.botSends(chatId).length;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const now = this.botSends(chatId).length;
      if (now === seen) break;
      seen = now;
    }
    const { calls } = this.seam().botApi;
    return this.botSends(chatId)
      .slice(before)
      .map((c) => botMessage(c, calls.indexOf(c)));
  }

  /** `fn`'s first truthy answer, asked every 100 ms; a 422 on `group_id` when it never comes. */
  private async until<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false) {
    const end = Date.now() + (this.deps.replyTimeoutMs ?? 20_000);
    for (;;) {
      const value = await fn();
      if (value) return value;
      if (Date.now() > end) throw fieldError('group_id', `timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
