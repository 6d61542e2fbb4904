import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { keywordMatch, type ListQuery, type ListSpec, listPage, mapPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { shortLinkDaily, shortLinks, users } from '../../db/schema/index.js';
import type { ClickDim } from './clicks.repository.js';

export type ShortLinkRow = typeof shortLinks.$inferSelect;
export type ShortLinkValues = Pick<
  ShortLinkRow,
  'code' | 'target' | 'title' | 'enabled' | 'expiresAt' | 'maxVisits'
>;
export interface ShortLinkWithCreator extends ShortLinkRow {
  creatorName: string | null;
}

export interface ShortLinkFilter {
  keyword?: string;
  enabled?: boolean;
}

/** What a redirect needs of a link: the cache holds these. */
export type RedirectTarget = Pick<
  ShortLinkRow,
  'id' | 'target' | 'enabled' | 'expiresAt' | 'maxVisits' | 'clicks'
>;

export interface Counted {
  key: string;
  clicks: number;
}

const LIST: ListSpec = {
  sorts: {
    id: shortLinks.id,
    clicks: shortLinks.clicks,
    created_at: shortLinks.createdAt,
    expires_at: shortLinks.expiresAt,
  },
  tiebreak: shortLinks.id,
  nullsLast: true,
};

const TOP = 10;

export class ShortLinksRepository extends Repository {
  private selectWithCreator() {
    return this.orm
      .select({ link: shortLinks, creatorName: users.username })
      .from(shortLinks)
      .leftJoin(users, eq(users.id, shortLinks.createdBy));
  }

  async list(filter: ShortLinkFilter, query: ListQuery) {
    const where = and(
      keywordMatch(filter.keyword, shortLinks.code, shortLinks.target, shortLinks.title),
      filter.enabled === undefined ? undefined : eq(shortLinks.enabled, filter.enabled),
    );
    const rows = this.selectWithCreator().where(where).$dynamic();
    return mapPage(await listPage(rows, this.orm.$count(shortLinks, where), query, LIST), flatten);
  }

  async findById(id: number): Promise<ShortLinkWithCreator | undefined> {
    const [row] = await this.selectWithCreator().where(eq(shortLinks.id, id));
    return row && flatten(row);
  }

  async findForRedirect(code: string): Promise<RedirectTarget | undefined> {
    const [row] = await this.orm
      .select({
        id: shortLinks.id,
        target: shortLinks.target,
        enabled: shortLinks.enabled,
        expiresAt: shortLinks.expiresAt,
        maxVisits: shortLinks.maxVisits,
        clicks: shortLinks.clicks,
      })
      .from(shortLinks)
      .where(eq(shortLinks.code, code));
    return row;
  }

  async codeTaken(code: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.orm
      .select({ id: shortLinks.id })
      .from(shortLinks)
      .where(eq(shortLinks.code, code));
    return row !== undefined && row.id !== exceptId;
  }

  async insert(values: ShortLinkValues & { createdBy: number | null }): Promise<number> {
    const [row] = await this.orm.insert(shortLinks).values(values).returning({ id: shortLinks.id });
    return row!.id;
  }

  async update(id: number, values: Partial<ShortLinkValues>): Promise<boolean> {
    const rows = await this.orm
      .update(shortLinks)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(shortLinks.id, id))
      .returning({ id: shortLinks.id });
    return rows.length > 0;
  }

  /** Deletes the links and their clicks; answers the codes that were deleted. */
  async delete(ids: number[]): Promise<{ id: number; code: string }[]> {
    const deleted = await this.orm
      .delete(shortLinks)
      .where(inArray(shortLinks.id, ids))
      .returning({ id: shortLinks.id, code: shortLinks.code });
    if (deleted.length > 0)
      await this.orm.delete(shortLinkDaily).where(
        inArray(
          shortLinkDaily.linkId,
          deleted.map((d) => d.id),
        ),
      );
    return deleted;
  }

  /** NOTIFY; inside a transaction it is delivered when the transaction commits. */
  async notify(channel: string, payload: string): Promise<void> {
    await this.orm.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  /** Sessions connected under this application_name (the app processes' listen connections). */
  async countSessions(applicationName: string): Promise<number> {
    const [row] = await this.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and application_name = ${applicationName}`);
    return Number(row?.n ?? 0);
  }

  /** Clicks per UTC day from `from` (YYYY-MM-DD); days without clicks are absent. */
  async clicksByDay(linkId: number, from: string): Promise<Counted[]> {
    return this.orm
      .select({ key: shortLinkDaily.day, clicks: sql<number>`${shortLinkDaily.clicks}::int` })
      .from(shortLinkDaily)
      .where(this.since(linkId, 'total', from));
  }

  /** The most clicked values of one dimension from `from`. */
  async top(linkId: number, dim: Exclude<ClickDim, 'total'>, from: string): Promise<Counted[]> {
    const clicks = sql<number>`sum(${shortLinkDaily.clicks})::int`;
    return this.orm
      .select({ key: shortLinkDaily.key, clicks })
      .from(shortLinkDaily)
      .where(this.since(linkId, dim, from))
      .groupBy(shortLinkDaily.key)
      .orderBy(desc(clicks), shortLinkDaily.key)
      .limit(TOP);
  }

  private since(linkId: number, dim: ClickDim, from: string) {
    return and(eq(shortLinkDaily.linkId, linkId), eq(shortLinkDaily.dim, dim), gte(shortLinkDaily.day, from));
  }
}

function flatten({
  link,
  creatorName,
}: {
  link: ShortLinkRow;
  creatorName: string | null;
}): ShortLinkWithCreator {
  return { ...link, creatorName };
}
