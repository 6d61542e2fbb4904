import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { type SiteGroupRow, siteGroups } from '../../db/schema/index.js';

export class GroupsRepository {
  constructor(private readonly orm: Orm) {}

  /** A user's groups, or every group for an admin (undefined user). */
  list(userId?: number): Promise<SiteGroupRow[]> {
    return this.orm
      .select()
      .from(siteGroups)
      .where(userId === undefined ? undefined : eq(siteGroups.userId, userId))
      .orderBy(asc(siteGroups.id));
  }

  async findById(id: number): Promise<SiteGroupRow | undefined> {
    const [row] = await this.orm.select().from(siteGroups).where(eq(siteGroups.id, id));
    return row;
  }

  async insert(userId: number, name: string): Promise<SiteGroupRow> {
    const [row] = await this.orm.insert(siteGroups).values({ userId, name }).returning();
    return row!;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.orm.update(siteGroups).set({ name }).where(eq(siteGroups.id, id));
  }

  /** Sites of a deleted group fall back to "no group" (foreign key `on delete set null`). */
  async delete(ids: number[], userId?: number): Promise<void> {
    const own = userId === undefined ? undefined : eq(siteGroups.userId, userId);
    await this.orm.delete(siteGroups).where(and(inArray(siteGroups.id, ids), own));
  }
}
