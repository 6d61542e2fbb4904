import { and, eq, inArray, isNotNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { countAll, keywordMatch, type ListQuery, type ListSpec, listPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import {
  sites,
  telegramBindings,
  telegramBots,
  telegramGroups,
  telegramReportSlots,
} from '../../db/schema/index.js';

export type ChatRecord = typeof telegramGroups.$inferSelect;
export type BindingRecord = typeof telegramBindings.$inferSelect;

export interface ChatFilter {
  keyword?: string;
  botId?: number;
  state?: 'in' | 'left';
}

/** The bot's status in a chat it no longer is in. */
export const GONE = ['left', 'kicked'];

const LIST: ListSpec = {
  sorts: { id: telegramGroups.id, title: telegramGroups.title, member_count: telegramGroups.memberCount },
  tiebreak: telegramGroups.id,
};

/** What a membership update says about a chat. */
export interface Membership {
  botId: number;
  chatId: number;
  title: string;
  type: string;
  status: string;
  at: Date;
  /** getChatMemberCount's answer, when the bot could ask. */
  memberCount?: number;
}

/** A binding with what sending its report needs. */
export interface DueBinding {
  binding: BindingRecord;
  chat: ChatRecord;
  siteTimezone: string;
  botEnabled: boolean;
}

export class ChatsRepository extends Repository {
  async findById(id: number): Promise<ChatRecord | undefined> {
    const [row] = await this.orm.select().from(telegramGroups).where(eq(telegramGroups.id, id));
    return row;
  }

  async findByChat(botId: number, chatId: number): Promise<ChatRecord | undefined> {
    const [row] = await this.orm
      .select()
      .from(telegramGroups)
      .where(and(eq(telegramGroups.botId, botId), eq(telegramGroups.chatId, chatId)));
    return row;
  }

  /** Inserts or updates the chat; joined/left times change only when the bot comes or goes. */
  async upsertMembership(m: Membership): Promise<ChatRecord> {
    const gone = GONE.includes(m.status);
    const [row] = await this.orm
      .insert(telegramGroups)
      .values({
        botId: m.botId,
        chatId: m.chatId,
        title: m.title,
        type: m.type,
        botStatus: m.status,
        memberCount: m.memberCount ?? null,
        joinedAt: gone ? null : m.at,
        leftAt: gone ? m.at : null,
        updatedAt: m.at,
      })
      .onConflictDoUpdate({
        target: [telegramGroups.botId, telegramGroups.chatId],
        set: {
          title: m.title,
          type: m.type,
          botStatus: m.status,
          memberCount: m.memberCount ?? sql`${telegramGroups.memberCount}`,
          joinedAt: gone
            ? sql`${telegramGroups.joinedAt}`
            : sql`case when ${telegramGroups.botStatus} in ('left', 'kicked') or ${telegramGroups.joinedAt} is null
                then ${m.at.toISOString()}::timestamptz else ${telegramGroups.joinedAt} end`,
          leftAt: gone ? sql`coalesce(${telegramGroups.leftAt}, ${m.at.toISOString()}::timestamptz)` : null,
          updatedAt: m.at,
        },
      })
      .returning();
    return row!;
  }

  async update(id: number, values: Partial<typeof telegramGroups.$inferInsert>): Promise<void> {
    await this.orm.update(telegramGroups).set(values).where(eq(telegramGroups.id, id));
  }

  /**
   * A group became a supergroup: the record (and so its bindings) moves to the new chat id. A record
   * the new chat already got (its my_chat_member can arrive first) hands its bindings over and goes.
   */
  async migrate(botId: number, fromChatId: number, toChatId: number): Promise<void> {
    const old = await this.findByChat(botId, fromChatId);
    if (!old) return;
    const fresh = await this.findByChat(botId, toChatId);
    if (fresh) {
      await this.orm.execute(sql`update ${telegramBindings} set group_id = ${old.id}
        where group_id = ${fresh.id} and site_id not in (select site_id from ${telegramBindings} where group_id = ${old.id})`);
      await this.orm.delete(telegramGroups).where(eq(telegramGroups.id, fresh.id));
    }
    await this.update(old.id, { chatId: toChatId, type: 'supergroup', updatedAt: new Date() });
  }

  private where(f: ChatFilter): SQL | undefined {
    return and(
      keywordMatch(f.keyword, telegramGroups.title, sql`${telegramGroups.chatId}::text`),
      f.botId !== undefined ? eq(telegramGroups.botId, f.botId) : undefined,
      f.state === 'in' ? notInArray(telegramGroups.botStatus, GONE) : undefined,
      f.state === 'left' ? inArray(telegramGroups.botStatus, GONE) : undefined,
    );
  }

  list(filter: ChatFilter, query: ListQuery) {
    const where = this.where(filter);
    const rows = this.orm
      .select({ chat: telegramGroups, botUsername: telegramBots.username })
      .from(telegramGroups)
      .innerJoin(telegramBots, eq(telegramBots.id, telegramGroups.botId))
      .where(where)
      .$dynamic();
    return listPage(rows, this.orm.select(countAll).from(telegramGroups).where(where), query, LIST);
  }

  bindingsOf(groupIds: number[]) {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.orm
      .select({ binding: telegramBindings, siteName: sites.name })
      .from(telegramBindings)
      .innerJoin(sites, eq(sites.id, telegramBindings.siteId))
      .where(inArray(telegramBindings.groupId, groupIds))
      .orderBy(telegramBindings.id);
  }

  async bind(values: typeof telegramBindings.$inferInsert): Promise<void> {
    await this.orm
      .insert(telegramBindings)
      .values(values)
      .onConflictDoUpdate({
        target: [telegramBindings.groupId, telegramBindings.siteId],
        set: { schedule: values.schedule, time: values.time, weekday: values.weekday ?? null },
      });
  }

  async unbind(groupId: number, siteId: number): Promise<number> {
    const gone = await this.orm
      .delete(telegramBindings)
      .where(and(eq(telegramBindings.groupId, groupId), eq(telegramBindings.siteId, siteId)))
      .returning({ id: telegramBindings.id });
    return gone.length;
  }

  /** Bindings with a schedule, in chats the bot is still in. */
  scheduled(): Promise<DueBinding[]> {
    return this.orm
      .select({
        binding: telegramBindings,
        chat: telegramGroups,
        siteTimezone: sites.timezone,
        botEnabled: telegramBots.enabled,
      })
      .from(telegramBindings)
      .innerJoin(telegramGroups, eq(telegramGroups.id, telegramBindings.groupId))
      .innerJoin(telegramBots, eq(telegramBots.id, telegramGroups.botId))
      .innerJoin(sites, eq(sites.id, telegramBindings.siteId))
      .where(
        and(
          ne(telegramBindings.schedule, 'off'),
          notInArray(telegramGroups.botStatus, GONE),
          eq(telegramBots.enabled, true),
          isNotNull(telegramGroups.chatId),
        ),
      );
  }

  /** Claims a report slot: true for exactly one caller, however many workers ask at once. */
  async claimSlot(bindingId: number, slot: string): Promise<boolean> {
    const rows = await this.orm
      .insert(telegramReportSlots)
      .values({ bindingId, slot })
      .onConflictDoNothing()
      .returning({ slot: telegramReportSlots.slot });
    return rows.length === 1;
  }

  async markSent(bindingId: number, slot: string): Promise<void> {
    await this.orm
      .update(telegramReportSlots)
      .set({ sentAt: new Date() })
      .where(and(eq(telegramReportSlots.bindingId, bindingId), eq(telegramReportSlots.slot, slot)));
  }

  /** A send that failed gives its slot back, so the next scan tries again. */
  async releaseSlot(bindingId: number, slot: string): Promise<void> {
    await this.orm
      .delete(telegramReportSlots)
      .where(and(eq(telegramReportSlots.bindingId, bindingId), eq(telegramReportSlots.slot, slot)));
  }

  /** Sites bound to a chat. */
  async boundSites(groupId: number): Promise<number[]> {
    const rows = await this.orm
      .select({ siteId: telegramBindings.siteId })
      .from(telegramBindings)
      .where(eq(telegramBindings.groupId, groupId));
    return rows.map((r) => r.siteId);
  }

  countOf(botId: number) {
    return this.orm.select(countAll).from(telegramGroups).where(eq(telegramGroups.botId, botId));
  }
}
