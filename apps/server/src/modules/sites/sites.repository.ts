import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Orm } from '../../db/client.js';
import { type SiteRow, sites, users } from '../../db/schema/index.js';

export type NewSite = Pick<
  SiteRow,
  | 'userId'
  | 'groupId'
  | 'name'
  | 'domains'
  | 'timezone'
  | 'trackingKey'
  | 'ignoredIps'
  | 'cookieless'
  | 'respectDnt'
  | 'maskIp'
  | 'enabled'
>;
export type SiteChanges = Partial<Omit<NewSite, 'userId' | 'trackingKey'>> &
  Partial<Pick<SiteRow, 'shareToken' | 'sharePasswordHash'>>;

export interface SiteWithOwner extends SiteRow {
  ownerName: string;
}

export interface SiteFilter {
  /** Undefined for admins, who see every site. */
  userId?: number;
  /** 0 = sites in no group. */
  groupId?: number;
  keyword?: string;
}

const SORTS = {
  id: sites.id,
  name: sites.name,
  created_at: sites.createdAt,
} as const;

export class SitesRepository {
  constructor(private readonly orm: Orm) {}

  /** The same statements on a transaction's connection. */
  in(tx: Executor): SitesRepository {
    return new SitesRepository(tx.orm);
  }

  private where(filter: SiteFilter): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (filter.userId !== undefined) parts.push(eq(sites.userId, filter.userId));
    if (filter.groupId === 0) parts.push(isNull(sites.groupId));
    else if (filter.groupId !== undefined) parts.push(eq(sites.groupId, filter.groupId));
    if (filter.keyword) {
      const like = `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      parts.push(or(ilike(sites.name, like), sql`array_to_string(${sites.domains}, ' ') ilike ${like}`));
    }
    return and(...parts);
  }

  async list(filter: SiteFilter, page: { offset: number; limit: number; sort: string }) {
    const field = SORTS[page.sort.replace(/^-/, '') as keyof typeof SORTS] ?? sites.id;
    const order = page.sort.startsWith('-') ? desc(field) : asc(field);
    const where = this.where(filter);
    const rows = await this.orm
      .select({ site: sites, ownerName: users.username })
      .from(sites)
      .innerJoin(users, eq(users.id, sites.userId))
      .where(where)
      .orderBy(order, desc(sites.id))
      .limit(page.limit)
      .offset(page.offset);
    const [count] = await this.orm.select({ n: sql<number>`count(*)::int` }).from(sites).where(where);
    return { rows: rows.map((r) => ({ ...r.site, ownerName: r.ownerName })), total: Number(count?.n ?? 0) };
  }

  /** Summaries for `user/info` and groupDetail: no paging, the owner's (or everyone's) sites by id. */
  async summaries(
    userId?: number,
  ): Promise<Pick<SiteRow, 'id' | 'name' | 'domains' | 'groupId' | 'timezone'>[]> {
    return this.orm
      .select({
        id: sites.id,
        name: sites.name,
        domains: sites.domains,
        groupId: sites.groupId,
        timezone: sites.timezone,
      })
      .from(sites)
      .where(userId === undefined ? undefined : eq(sites.userId, userId))
      .orderBy(asc(sites.id));
  }

  async findById(id: number): Promise<SiteWithOwner | undefined> {
    const [row] = await this.orm
      .select({ site: sites, ownerName: users.username })
      .from(sites)
      .innerJoin(users, eq(users.id, sites.userId))
      .where(eq(sites.id, id));
    return row && { ...row.site, ownerName: row.ownerName };
  }

  async findByIds(ids: number[]): Promise<SiteRow[]> {
    return this.orm.select().from(sites).where(inArray(sites.id, ids));
  }

  async findByTrackingKey(key: string): Promise<SiteRow | undefined> {
    const [row] = await this.orm.select().from(sites).where(eq(sites.trackingKey, key));
    return row;
  }

  async findByShareToken(token: string): Promise<SiteRow | undefined> {
    const [row] = await this.orm.select().from(sites).where(eq(sites.shareToken, token));
    return row;
  }

  async insert(site: NewSite): Promise<SiteRow> {
    const [row] = await this.orm.insert(sites).values(site).returning();
    return row!;
  }

  async update(id: number, changes: SiteChanges): Promise<void> {
    await this.orm
      .update(sites)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(sites.id, id));
  }

  async moveToGroup(ids: number[], groupId: number | null): Promise<void> {
    await this.orm.update(sites).set({ groupId, updatedAt: new Date() }).where(inArray(sites.id, ids));
  }

  async delete(ids: number[]): Promise<void> {
    await this.orm.delete(sites).where(inArray(sites.id, ids));
  }
}
