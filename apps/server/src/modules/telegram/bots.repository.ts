import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { countAll, keywordMatch, type ListQuery, type ListSpec, listPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { telegramBindings, telegramBots, telegramGroups, users } from '../../db/schema/index.js';

export type BotRecord = typeof telegramBots.$inferSelect;
export type NewBot = typeof telegramBots.$inferInsert;

export interface BotFilter {
  id?: number;
  keyword?: string;
  /** Only this owner's bots (a user's own list). */
  userId?: number;
  /** Only bots with a group that reports this site (a share-link client's list). */
  siteId?: number;
}

const LIST: ListSpec = {
  sorts: { id: telegramBots.id, username: telegramBots.username },
  tiebreak: telegramBots.id,
};

const groupsCount = sql<number>`(select count(*)::int from ${telegramGroups} g
  where g.bot_id = ${telegramBots.id} and g.bot_status not in ('left', 'kicked'))`;

export class BotsRepository extends Repository {
  async countOwned(userId: number): Promise<number> {
    return this.orm.$count(telegramBots, eq(telegramBots.userId, userId));
  }

  async insert(bot: NewBot): Promise<BotRecord> {
    const [row] = await this.orm.insert(telegramBots).values(bot).returning();
    return row!;
  }

  async findById(id: number): Promise<BotRecord | undefined> {
    const [row] = await this.orm.select().from(telegramBots).where(eq(telegramBots.id, id));
    return row;
  }

  async findByTelegramId(telegramId: number): Promise<BotRecord | undefined> {
    const [row] = await this.orm.select().from(telegramBots).where(eq(telegramBots.telegramId, telegramId));
    return row;
  }

  enabled(): Promise<BotRecord[]> {
    return this.orm.select().from(telegramBots).where(eq(telegramBots.enabled, true));
  }

  /** The bot a deep link names: the user's most recently added enabled bot (the one
   * they just set up), else the first one enabled. */
  async linkBot(userId: number): Promise<BotRecord | undefined> {
    const [row] = await this.orm
      .select()
      .from(telegramBots)
      .where(eq(telegramBots.enabled, true))
      .orderBy(
        sql`${telegramBots.userId} = ${userId} desc`,
        sql`case when ${telegramBots.userId} = ${userId} then -${telegramBots.id} else ${telegramBots.id} end`,
      )
      .limit(1);
    return row;
  }

  private where(f: BotFilter): SQL | undefined {
    return and(
      f.id !== undefined ? eq(telegramBots.id, f.id) : undefined,
      keywordMatch(f.keyword, telegramBots.username, telegramBots.name),
      f.userId !== undefined ? eq(telegramBots.userId, f.userId) : undefined,
      f.siteId !== undefined
        ? sql`exists (select 1 from ${telegramGroups} g join ${telegramBindings} b on b.group_id = g.id
            where g.bot_id = ${telegramBots.id} and b.site_id = ${f.siteId})`
        : undefined,
    );
  }

  list(filter: BotFilter, query: ListQuery) {
    const where = this.where(filter);
    const owner = eq(users.id, telegramBots.userId);
    const rows = this.orm
      .select({ bot: telegramBots, ownerName: users.username, groupsCount })
      .from(telegramBots)
      .leftJoin(users, owner)
      .where(where)
      .$dynamic();
    return listPage(rows, this.orm.select(countAll).from(telegramBots).where(where), query, LIST);
  }

  async update(id: number, values: Partial<NewBot>): Promise<void> {
    await this.orm.update(telegramBots).set(values).where(eq(telegramBots.id, id));
  }

  async delete(ids: number[]): Promise<void> {
    await this.orm.delete(telegramBots).where(inArray(telegramBots.id, ids));
  }
}
