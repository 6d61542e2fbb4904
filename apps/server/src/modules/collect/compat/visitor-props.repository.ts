import { sql } from 'drizzle-orm';
import { Repository } from '../../../db/repository.js';
import { visitorProps } from '../../../db/schema/index.js';

/** Properties of visitors (Umami `identify`, Matomo `uid`), merged key by key. */
export class VisitorPropsRepository extends Repository {
  async merge(siteId: number, visitor: string, distinctId: string | null, props: Record<string, unknown>) {
    await this.orm
      .insert(visitorProps)
      .values({ siteId, visitor, distinctId, props })
      .onConflictDoUpdate({
        target: [visitorProps.siteId, visitorProps.visitor],
        set: {
          props: sql`${visitorProps.props} || excluded.props`,
          distinctId: sql`coalesce(excluded.distinct_id, ${visitorProps.distinctId})`,
          updatedAt: sql`now()`,
        },
      });
  }

  async find(siteId: number, visitor: string) {
    const rows = await this.orm
      .select()
      .from(visitorProps)
      .where(sql`${visitorProps.siteId} = ${siteId} and ${visitorProps.visitor} = ${visitor}`);
    return rows[0];
  }
}
