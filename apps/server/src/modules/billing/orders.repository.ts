import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import {
  countAll,
  type ListQuery,
  type ListSpec,
  likePattern,
  listPage,
  mapPage,
  withinDays,
} from '../../db/list-query.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { Repository } from '../../db/repository.js';
import {
  type OrderRow,
  orders,
  plans,
  type SubscriptionRow,
  subscriptions,
  users,
} from '../../db/schema/index.js';

export type NewOrder = Pick<
  OrderRow,
  | 'no'
  | 'userId'
  | 'planId'
  | 'period'
  | 'kind'
  | 'priceMicros'
  | 'discountMicros'
  | 'creditMicros'
  | 'totalMicros'
  | 'couponId'
  | 'couponCode'
>;
export type PaidChanges = Pick<
  OrderRow,
  | 'kind'
  | 'priceMicros'
  | 'discountMicros'
  | 'creditMicros'
  | 'totalMicros'
  | 'expiresAt'
  | 'prevPlanId'
  | 'prevPeriod'
  | 'prevTermStart'
  | 'prevExpiresAt'
  | 'prevValueMicros'
>;

export interface OrderFilter {
  userId?: number;
  /** A user id, or part of the username or email. */
  user?: string;
  status?: string;
  planId?: number;
  no?: string;
  /** Created between these days (on the `tz` clock), both included. */
  from?: string;
  to?: string;
  tz?: string;
}

export interface OrderWithNames extends OrderRow {
  username: string;
  planNameZh: string;
  planNameEn: string;
}

const LIST: ListSpec = { sorts: { id: orders.id, total: orders.totalMicros }, tiebreak: orders.id };

const PENDING_KEY = 'orders_one_pending_per_user';

export class OrdersRepository extends Repository {
  private selectWithNames() {
    return this.orm
      .select({ order: orders, username: users.username, planNameZh: plans.nameZh, planNameEn: plans.nameEn })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(plans, eq(plans.id, orders.planId));
  }

  private where(f: OrderFilter): SQL | undefined {
    const byUser = f.user
      ? /^\d+$/.test(f.user)
        ? eq(orders.userId, Number(f.user))
        : sql`(${users.username} ilike ${likePattern(f.user)} or ${users.email} ilike ${likePattern(f.user)})`
      : undefined;
    return and(
      f.userId === undefined ? undefined : eq(orders.userId, f.userId),
      byUser,
      f.status ? eq(orders.status, f.status as OrderRow['status']) : undefined,
      f.planId ? eq(orders.planId, f.planId) : undefined,
      f.no ? sql`${orders.no} ilike ${likePattern(f.no)}` : undefined,
      withinDays(orders.createdAt, f),
    );
  }

  async list(filter: OrderFilter, query: ListQuery) {
    const where = this.where(filter);
    const rows = this.selectWithNames().where(where).$dynamic();
    const total = this.orm
      .select(countAll)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where);
    return mapPage(await listPage(rows, total, query, LIST), flatten);
  }

  async findWithNames(id: number): Promise<OrderWithNames | undefined> {
    const [row] = await this.selectWithNames().where(eq(orders.id, id));
    return row && flatten(row);
  }

  /** The new pending order; undefined when the user has one already (the partial unique index). */
  async insertPending(values: NewOrder): Promise<OrderRow | undefined> {
    try {
      const [row] = await this.orm.insert(orders).values(values).returning();
      return row;
    } catch (err) {
      if (isUniqueViolation(err, PENDING_KEY)) return undefined;
      throw err;
    }
  }

  async lock(id: number): Promise<OrderRow | undefined> {
    const [row] = await this.orm.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  }

  async markPaid(id: number, changes: PaidChanges, now: Date): Promise<void> {
    await this.orm
      .update(orders)
      .set({ ...changes, status: 'paid', paidAt: now })
      .where(eq(orders.id, id));
  }

  /** Pending → cancelled; false when it was not pending any more. */
  async cancel(id: number, now: Date): Promise<boolean> {
    const rows = await this.orm
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    return rows.length > 0;
  }

  /** Cancels every order pending since before `before`; how many. */
  async cancelStale(before: Date, now: Date): Promise<number> {
    const rows = await this.orm
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, before)))
      .returning({ id: orders.id });
    return rows.length;
  }

  async markRefunded(id: number, now: Date): Promise<void> {
    await this.orm.update(orders).set({ status: 'refunded', refundedAt: now }).where(eq(orders.id, id));
  }

  async latestPaidId(userId: number): Promise<number | undefined> {
    const [row] = await this.orm
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
      .orderBy(sql`${orders.paidAt} desc, ${orders.id} desc`)
      .limit(1);
    return row?.id;
  }

  async subscription(userId: number): Promise<SubscriptionRow | undefined> {
    const [row] = await this.orm.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  async saveSubscription(row: Omit<SubscriptionRow, 'updatedAt'>): Promise<void> {
    const { userId, ...rest } = row;
    await this.orm
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({ target: subscriptions.userId, set: { ...rest, updatedAt: sql`now()` } });
  }

  async dropSubscription(userId: number): Promise<void> {
    await this.orm.delete(subscriptions).where(eq(subscriptions.userId, userId));
  }

  /** Paid (not refunded) orders' totals with paid_at in [from, to). */
  async revenue(from: Date, to: Date): Promise<{ amount: bigint; orders: number }> {
    const [row] = await this.orm
      .select({
        amount: sql<string>`coalesce(sum(${orders.totalMicros}), 0)::text`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to)));
    return { amount: BigInt(row?.amount ?? '0'), orders: row?.n ?? 0 };
  }
}

function flatten(r: {
  order: OrderRow;
  username: string;
  planNameZh: string;
  planNameEn: string;
}): OrderWithNames {
  return { ...r.order, username: r.username, planNameZh: r.planNameZh, planNameEn: r.planNameEn };
}
