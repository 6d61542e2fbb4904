import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { keywordMatch, type ListQuery, type ListSpec, listPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { type CouponRow, coupons, couponUses } from '../../db/schema/index.js';

export type CouponValues = Omit<CouponRow, 'id' | 'createdAt' | 'used'>;

const LIST: ListSpec = { sorts: { id: coupons.id }, tiebreak: coupons.id };

export class CouponsRepository extends Repository {
  list(keyword: string | undefined, query: ListQuery) {
    const where = keywordMatch(keyword, coupons.code);
    const rows = this.orm.select().from(coupons).where(where).$dynamic();
    return listPage(rows, this.orm.$count(coupons, where), query, LIST);
  }

  /** Shown on /discount: enabled, marked shown, not over, not used up. */
  shown(now: Date): Promise<CouponRow[]> {
    return this.orm
      .select()
      .from(coupons)
      .where(
        sql`${coupons.enabled} and ${coupons.shown} and (${coupons.endsAt} is null or ${coupons.endsAt} > ${now}) and (${coupons.totalLimit} is null or ${coupons.used} < ${coupons.totalLimit})`,
      )
      .orderBy(coupons.id);
  }

  async findById(id: number): Promise<CouponRow | undefined> {
    const [row] = await this.orm.select().from(coupons).where(eq(coupons.id, id));
    return row;
  }

  /** Codes are matched without regard to case (the unique index is on upper(code)). */
  async findByCode(code: string): Promise<CouponRow | undefined> {
    const [row] = await this.orm.select().from(coupons).where(sql`upper(${coupons.code}) = upper(${code})`);
    return row;
  }

  /** Inserts; undefined when the code exists already (unique index), so a batch can draw another. */
  async insert(values: CouponValues): Promise<number | undefined> {
    const [row] = await this.orm
      .insert(coupons)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: coupons.id });
    return row?.id;
  }

  async update(id: number, values: Partial<CouponValues>): Promise<void> {
    await this.orm.update(coupons).set(values).where(eq(coupons.id, id));
  }

  /** Coupons that paid orders used stay (orders keep their code); the others go. Returns the ids kept. */
  async delete(ids: number[]): Promise<number[]> {
    const used = await this.orm
      .selectDistinct({ id: couponUses.couponId })
      .from(couponUses)
      .where(inArray(couponUses.couponId, ids));
    const keep = used.map((r) => r.id);
    const gone = ids.filter((id) => !keep.includes(id));
    if (gone.length > 0) {
      await this.orm.execute(
        sql`update orders set coupon_id = null where coupon_id in (${sql.join(gone, sql`, `)})`,
      );
      await this.orm.delete(coupons).where(inArray(coupons.id, gone));
    }
    return keep;
  }

  /**
   * Takes one use, inside the paying transaction: one statement that only matches while the coupon is
   * valid and below its total, and locks the coupon's row until the transaction ends, so concurrent
   * payments with the same coupon queue here and each sees the uses committed before it.
   */
  async take(id: number, now: Date): Promise<CouponRow | undefined> {
    const [row] = await this.orm
      .update(coupons)
      .set({ used: sql`${coupons.used} + 1` })
      .where(
        and(
          eq(coupons.id, id),
          sql`${coupons.enabled} and (${coupons.startsAt} is null or ${coupons.startsAt} <= ${now}) and (${coupons.endsAt} is null or ${coupons.endsAt} > ${now}) and (${coupons.totalLimit} is null or ${coupons.used} < ${coupons.totalLimit})`,
        ),
      )
      .returning();
    return row;
  }

  /** Uses by one user (read after `take` locked the coupon, so no concurrent use is missing). */
  async usesBy(couponId: number, userId: number): Promise<number> {
    const [row] = await this.orm
      .select({ n: count() })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)));
    return Number(row?.n ?? 0);
  }

  async recordUse(couponId: number, userId: number, orderId: number): Promise<void> {
    await this.orm.insert(couponUses).values({ couponId, userId, orderId });
  }
}
