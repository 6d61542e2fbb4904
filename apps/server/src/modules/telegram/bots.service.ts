import type { AuditAction, BotLink, BotPage, BotRow } from '@tally/contracts';
import { ERROR } from '@tally/contracts';
import type { Database, Tx } from '../../db/client.js';
import { type OwnerGuard, OwnerGuards } from '../../db/owner-guards.js';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors.js';
import type { Sealer } from '../../lib/sealed.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { type AuthContext, isAdmin } from '../sessions/sessions.service.js';
import { checkToken, maskToken } from './bot-client.js';
import type { BotFilter, BotRecord, BotsRepository } from './bots.repository.js';
import type { LinksRepository } from './links.repository.js';
import type { BotRuntime } from './runtime.js';

export interface BotsDeps {
  repo: BotsRepository;
  links: LinksRepository;
  runtime: BotRuntime;
  sealer: Sealer;
  audit: AuditService;
  db: Database;
  apiRoot: string;
  now: () => Date;
}

/** A /start link lives this long. */
const LINK_TTL_MS = 30 * 60_000;

/** What an audit row may say of a bot: never its token. */
const auditView = (b: BotRecord) => ({ username: b.username, mode: b.mode, enabled: b.enabled });

/** 机器人列表: users manage their own bots, admins all; a share-link client reads its site's. */
export class BotsService {
  private readonly createGuards = new OwnerGuards<AuthContext>();

  constructor(private readonly deps: BotsDeps) {}

  /** Checks run before a new bot is stored (billing: the plan's bot limit); see OwnerGuards. */
  onCreate(guard: OwnerGuard<AuthContext>): void {
    this.createGuards.add(guard);
  }

  async list(
    auth: AuthContext,
    query: BotFilter & { page: number; limit: number; sort?: string },
  ): Promise<BotPage> {
    const filter: BotFilter = { keyword: query.keyword };
    if (auth.kind === 'client') filter.siteId = auth.siteId ?? -1;
    else if (!isAdmin(auth)) filter.userId = auth.userId ?? -1;
    const page = await this.deps.repo.list(filter, query);
    return { ...page, list: page.list.map(toRow) };
  }

  /** A bot the caller may manage: their own, or any for an admin (a foreign one looks missing). */
  private async managed(auth: AuthContext, id: number): Promise<BotRecord> {
    if (auth.kind === 'client') throw forbidden();
    const bot = await this.deps.repo.findById(id);
    if (!bot || (!isAdmin(auth) && bot.userId !== auth.userId)) throw notFound('bot not found');
    return bot;
  }

  /** Adds a bot by token: Telegram must know it (getMe), and only then is anything stored. */
  async add(auth: AuthContext, actor: Actor, token: string): Promise<BotRow> {
    if (auth.kind === 'client' || auth.userId === null) throw forbidden();
    const check = await checkToken(token, this.deps.apiRoot);
    if (!check.ok) {
      if (check.reason === 'refused')
        throw fieldError('bot_token', 'Telegram refused this token: check it with @BotFather.');
      throw new AppError(ERROR.VALIDATION, 422, 'Telegram could not be reached; try again later.', {
        bot_token: ['Telegram could not be reached; try again later.'],
      });
    }
    if (await this.deps.repo.findByTelegramId(check.info.id))
      throw fieldError('bot_token', 'this bot is already connected');
    const record = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.in(tx);
      await this.createGuards.check(tx, auth, auth.userId!, () => repo.countOwned(auth.userId!));
      const row = await repo.insert({
        userId: auth.userId!,
        telegramId: check.info.id,
        username: check.info.username,
        name: check.info.first_name,
        tokenSealed: this.deps.sealer.seal(token),
        tokenMasked: maskToken(token),
        info: check.info,
        mode: this.deps.runtime.mode,
      });
      await this.audit(tx, actor, 'bots.create', row, { after: auditView(row) });
      return row;
    });
    await this.deps.runtime.attach(record).catch((err) => this.deps.runtime.failed(record, err));
    return this.row(record.id);
  }

  /** The audit row of a bot change, in its transaction (never with the token: auditView). */
  private audit(
    tx: Tx,
    actor: Actor,
    action: AuditAction,
    bot: BotRecord,
    change: { before?: unknown; after?: unknown },
  ) {
    return this.deps.audit.record(
      { actorId: actor.userId, ip: actor.ip, action, target: `bot:${bot.id}`, ...change },
      tx,
    );
  }

  private async row(id: number): Promise<BotRow> {
    const page = await this.deps.repo.list({ id }, { page: 1, limit: 1 });
    return toRow(page.list[0]!);
  }

  async setEnabled(auth: AuthContext, actor: Actor, id: number, enabled: boolean): Promise<void> {
    const bot = await this.managed(auth, id);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.in(tx).update(id, { enabled, status: 'ok', lastError: null });
      await this.audit(tx, actor, enabled ? 'bots.enable' : 'bots.disable', bot, { before: auditView(bot) });
    });
    const fresh = (await this.deps.repo.findById(id))!;
    if (enabled) await this.deps.runtime.attach(fresh).catch((err) => this.deps.runtime.failed(fresh, err));
    else await this.deps.runtime.detach(fresh);
  }

  /** Deletes bots (their groups and bindings go with them); each webhook is removed first. */
  async delete(auth: AuthContext, actor: Actor, ids: number[]): Promise<void> {
    const bots: BotRecord[] = [];
    for (const id of ids) bots.push(await this.managed(auth, id));
    for (const bot of bots) await this.deps.runtime.detach(bot);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.in(tx).delete(ids);
      for (const bot of bots) {
        await this.audit(tx, actor, 'bots.delete', bot, { before: auditView(bot) });
      }
    });
  }

  /** Refreshes the pending-update counts from getWebhookInfo (webhook bots), for the list. */
  async refreshPending(record: BotRecord): Promise<void> {
    const info = await this.deps.runtime.bot(record).api.getWebhookInfo();
    await this.deps.repo.update(record.id, {
      pendingUpdates: info.pending_update_count,
      ...(info.last_error_message
        ? { status: 'error', lastError: info.last_error_message.slice(0, 500), lastErrorAt: new Date() }
        : {}),
    });
  }

  /** Every enabled webhook bot's pending updates and delivery error, refreshed (the minute job). */
  async refreshAll(): Promise<void> {
    for (const bot of await this.deps.repo.enabled()) {
      if (bot.mode === 'webhook')
        await this.refreshPending(bot).catch((err) => this.deps.runtime.failed(bot, err));
    }
  }

  /** The profile page's one-time deep link: `/start <token>` in the bot links the Telegram account. */
  async link(auth: AuthContext): Promise<BotLink> {
    if (auth.userId === null) throw notFound('bot not found');
    const bot = await this.deps.repo.linkBot(auth.userId);
    if (!bot) throw new AppError(ERROR.VALIDATION, 422, 'add a bot first', { bot: ['add a bot first'] });
    const token = newToken();
    const expiresAt = new Date(this.deps.now().getTime() + LINK_TTL_MS);
    await this.deps.links.createToken(sha256(token), auth.userId, expiresAt);
    return {
      url: `https://t.me/${bot.username}?start=${token}`,
      bot: bot.username,
      expires_at: expiresAt.toISOString(),
    };
  }
}

function toRow(r: { bot: BotRecord; ownerName: string | null; groupsCount: number }): BotRow {
  const b = r.bot;
  return {
    id: b.id,
    username: b.username,
    name: b.name,
    token: b.tokenMasked,
    mode: b.mode === 'webhook' ? 'webhook' : 'polling',
    enabled: b.enabled,
    status: !b.enabled ? 'disabled' : b.status === 'error' ? 'error' : 'ok',
    last_error: b.lastError,
    pending_updates: b.pendingUpdates,
    groups_count: Number(r.groupsCount),
    owner_id: b.userId,
    owner_name: r.ownerName ?? '',
    created_at: b.createdAt.toISOString(),
  };
}
