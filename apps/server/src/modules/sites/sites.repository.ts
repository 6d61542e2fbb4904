import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { keywordMatch, type ListQuery, type ListSpec, listPage, mapPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { type SiteAliasRow, type SiteRow, siteAliases, sites, users } from '../../db/schema/index.js';

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

/** A site with its owner's name, as the back office lists it. */
const WITH_OWNER = { site: sites, ownerName: users.username };

export interface SiteFilter {
  /** Undefined for admins, who see every site. */
  userId?: number;
  /** 0 = sites in no group. */
  groupId?: number;
  keyword?: string;
}

const LIST: ListSpec = {
  sorts: { id: sites.id, name: sites.name, created_at: sites.createdAt },
  tiebreak: sites.id,
};

export class SitesRepository extends Repository {
  private where(filter: SiteFilter): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (filter.userId !== undefined) parts.push(eq(sites.userId, filter.userId));
    if (filter.groupId === 0) parts.push(isNull(sites.groupId));
    else if (filter.groupId !== undefined) parts.push(eq(sites.groupId, filter.groupId));
    parts.push(keywordMatch(filter.keyword, sites.name, sql`array_to_string(${sites.domains}, ' ')`));
    return and(...parts);
  }

  async list(filter: SiteFilter, query: ListQuery) {
    const where = this.where(filter);
    const rows = this.orm
      .select(WITH_OWNER)
      .from(sites)
      .innerJoin(users, eq(users.id, sites.userId))
      .where(where)
      .$dynamic();
    const page = await listPage(rows, this.orm.$count(sites, where), query, LIST);
    return mapPage(page, (r): SiteWithOwner => ({ ...r.site, ownerName: r.ownerName }));
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

  /** The site a share link opens: only an enabled site whose owner's account is active. */
  async findShareable(token: string): Promise<SiteRow | undefined> {
    const [row] = await this.orm
      .select({ site: sites })
      .from(sites)
      .innerJoin(users, eq(users.id, sites.userId))
      .where(and(eq(sites.shareToken, token), eq(sites.enabled, true), eq(users.status, 'active')));
    return row?.site;
  }

  async countOwned(userId: number): Promise<number> {
    return this.orm.$count(sites, eq(sites.userId, userId));
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

  /** The names other tools' clients give these sites (site_aliases), oldest first. */
  async aliasesOf(ids: number[]): Promise<SiteAliasRow[]> {
    if (ids.length === 0) return [];
    return this.orm
      .select()
      .from(siteAliases)
      .where(inArray(siteAliases.siteId, ids))
      .orderBy(asc(siteAliases.createdAt), asc(siteAliases.value));
  }

  /** The site another tool's client names by `value` (an Umami website id, a Matomo idsite). */
  async findByAlias(kind: string, value: string): Promise<SiteRow | undefined> {
    const [row] = await this.orm
      .select({ site: sites })
      .from(siteAliases)
      .innerJoin(sites, eq(sites.id, siteAliases.siteId))
      .where(and(eq(siteAliases.kind, kind), eq(siteAliases.value, value)));
    return row?.site;
  }

  /** Which of `values` of `kind` another site than `siteId` already answers to. */
  async aliasesTaken(kind: string, values: string[], siteId: number | undefined): Promise<string[]> {
    if (values.length === 0) return [];
    const rows = await this.orm
      .select({ value: siteAliases.value })
      .from(siteAliases)
      .where(
        and(
          eq(siteAliases.kind, kind),
          inArray(siteAliases.value, values),
          siteId === undefined ? undefined : sql`${siteAliases.siteId} <> ${siteId}`,
        ),
      );
    return rows.map((r) => r.value);
  }

  /** Replaces the site's aliases of `kind` with `values` (run inside the save's transaction). */
  async replaceAliases(siteId: number, kind: string, values: string[]): Promise<void> {
    await this.orm.delete(siteAliases).where(and(eq(siteAliases.siteId, siteId), eq(siteAliases.kind, kind)));
    if (values.length > 0)
      await this.orm.insert(siteAliases).values(values.map((value) => ({ kind, value, siteId })));
  }
}
