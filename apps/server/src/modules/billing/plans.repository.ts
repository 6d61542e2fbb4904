import { asc, eq, inArray, sql } from 'drizzle-orm';
import { Repository } from '../../db/repository.js';
import { orders, type PlanRow, plans, subscriptions } from '../../db/schema/index.js';

export type PlanValues = Omit<PlanRow, 'id' | 'createdAt' | 'isFree'>;

export class PlansRepository extends Repository {
  /** In display order: sort, then id. */
  list(onSaleOnly: boolean): Promise<PlanRow[]> {
    const q = this.orm.select().from(plans);
    return (onSaleOnly ? q.where(eq(plans.onSale, true)) : q).orderBy(asc(plans.sort), asc(plans.id));
  }

  async findById(id: number): Promise<PlanRow | undefined> {
    const [row] = await this.orm.select().from(plans).where(eq(plans.id, id));
    return row;
  }

  async findFree(): Promise<PlanRow> {
    const [row] = await this.orm.select().from(plans).where(eq(plans.isFree, true));
    if (!row) throw new Error('billing: the free plan is missing (migration 0013 seeds it)');
    return row;
  }

  async insert(values: PlanValues): Promise<number> {
    const [row] = await this.orm.insert(plans).values(values).returning({ id: plans.id });
    return row!.id;
  }

  async update(id: number, values: Partial<PlanValues>): Promise<void> {
    await this.orm.update(plans).set(values).where(eq(plans.id, id));
  }

  /** Ids among `ids` that orders or subscriptions refer to (those cannot be deleted). */
  async inUse(ids: number[]): Promise<number[]> {
    const rows = await this.orm
      .select({ id: plans.id })
      .from(plans)
      .where(
        sql`${plans.id} in (${sql.join(ids, sql`, `)}) and (exists (select 1 from ${orders} where ${orders.planId} = ${plans.id}) or exists (select 1 from ${subscriptions} where ${subscriptions.planId} = ${plans.id}))`,
      );
    return rows.map((r) => r.id);
  }

  async delete(ids: number[]): Promise<void> {
    await this.orm.delete(plans).where(inArray(plans.id, ids));
  }
}
