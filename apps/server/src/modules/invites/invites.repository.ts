import { and, eq, lte, sql } from 'drizzle-orm';
import { type ListQuery, type ListSpec, listPage, mapPage } from '../../db/list-query.js';
import { Repository } from '../../db/repository.js';
import { type CommissionRow, commissions, orders, users } from '../../db/schema/index.js';

export type NewCommission = Pick<
  CommissionRow,
  'orderId' | 'inviterId' | 'inviteeId' | 'orderTotalMicros' | 'rate' | 'amountMicros' | 'dueAt'
>;

export interface InviteeRow {
  id: number;
  username: string;
  email: string;
  createdAt: Date;
  paidMicros: bigint;
}

export interface CommissionWithInvitee extends CommissionRow {
  invitee: string;
}

const INVITEES: ListSpec = { sorts: { id: users.id }, tiebreak: users.id };
const COMMISSIONS: ListSpec = { sorts: { id: commissions.id }, tiebreak: commissions.id };

/** Paid (not refunded) totals of one invitee: a correlated sum over their orders. */
const paidTotal = sql<string>`(select coalesce(sum(o.total_micros), 0)::text from ${orders} o
  where o.user_id = ${users}.id and o.status = 'paid')`;

export class InvitesRepository extends Repository {
  /** Who invited the user (null: nobody). */
  async inviterOf(userId: number): Promise<number | null> {
    const [row] = await this.orm.select({ by: users.invitedBy }).from(users).where(eq(users.id, userId));
    return row?.by ?? null;
  }

  async inviteCode(userId: number): Promise<string | undefined> {
    const [row] = await this.orm.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
    return row?.code;
  }

  /** A new pending commission; nothing when the order has one already (commissions_order_key). */
  async insert(values: NewCommission): Promise<void> {
    await this.orm.insert(commissions).values(values).onConflictDoNothing({ target: commissions.orderId });
  }

  /**
   * One commission whose delay has passed, locked for this transaction. SKIP LOCKED: a second worker
   * takes the next one instead of waiting, and never the one being credited.
   */
  async lockDue(now: Date): Promise<CommissionRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(commissions)
      .where(and(eq(commissions.status, 'pending'), lte(commissions.dueAt, now)))
      .orderBy(commissions.dueAt, commissions.id)
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  }

  /** The order's commission, locked (a refund waits for a credit in progress). */
  async lockForOrder(orderId: number): Promise<CommissionRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(commissions)
      .where(eq(commissions.orderId, orderId))
      .for('update');
    return row;
  }

  async markCredited(id: number, now: Date): Promise<void> {
    await this.orm
      .update(commissions)
      .set({ status: 'credited', creditedAt: now })
      .where(eq(commissions.id, id));
  }

  async settle(
    id: number,
    changes: Pick<CommissionRow, 'status' | 'reversedMicros' | 'unrecoveredMicros'>,
    now: Date,
  ): Promise<void> {
    await this.orm
      .update(commissions)
      .set({ ...changes, settledAt: now })
      .where(eq(commissions.id, id));
  }

  /** The inviter's figures: invitees, pending and credited (not reversed) commission. */
  async totals(inviterId: number): Promise<{ invitees: number; pending: bigint; credited: bigint }> {
    const [row] = await this.orm
      .select({
        invitees: sql<number>`(select count(*)::int from ${users} where ${users.invitedBy} = ${inviterId})`,
        pending: sql<string>`coalesce(sum(${commissions.amountMicros}) filter (where ${commissions.status} = 'pending'), 0)::text`,
        credited: sql<string>`coalesce(sum(${commissions.amountMicros}) filter (where ${commissions.status} = 'credited'), 0)::text`,
      })
      .from(commissions)
      .where(eq(commissions.inviterId, inviterId));
    return {
      invitees: Number(row?.invitees ?? 0),
      pending: BigInt(row?.pending ?? '0'),
      credited: BigInt(row?.credited ?? '0'),
    };
  }

  async invitees(inviterId: number, query: ListQuery) {
    const where = eq(users.invitedBy, inviterId);
    const rows = this.orm
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        createdAt: users.createdAt,
        paid: paidTotal,
      })
      .from(users)
      .where(where)
      .$dynamic();
    const page = await listPage(rows, this.orm.$count(users, where), query, INVITEES);
    return mapPage(page, ({ paid, ...r }): InviteeRow => ({ ...r, paidMicros: BigInt(paid) }));
  }

  async commissions(inviterId: number, status: CommissionRow['status'] | undefined, query: ListQuery) {
    const where = and(
      eq(commissions.inviterId, inviterId),
      status ? eq(commissions.status, status) : undefined,
    );
    const rows = this.orm
      .select({ c: commissions, invitee: users.username })
      .from(commissions)
      .innerJoin(users, eq(users.id, commissions.inviteeId))
      .where(where)
      .$dynamic();
    const page = await listPage(rows, this.orm.$count(commissions, where), query, COMMISSIONS);
    return mapPage(page, (r): CommissionWithInvitee => ({ ...r.c, invitee: r.invitee }));
  }
}
