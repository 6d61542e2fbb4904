import { likeOf, orderOf, SqlRepository, Where } from './sql-repository.js';

export interface RechargeRecord {
  id: string;
  order_no: string;
  user_id: string;
  username: string;
  address_id: string;
  address: string;
  amount: string;
  payable: string;
  status: 'pending' | 'paid' | 'expired' | 'cancelled';
  tx_id: string | null;
  expires_at: Date;
  locked_until: Date;
  paid_at: Date | null;
  created_at: Date;
}

export interface RechargeFilter {
  userId?: number;
  address?: string;
  user?: string;
  status?: string;
  tx?: string;
  min?: bigint;
  max?: bigint;
  /** Days of the list's time column (`from`..`to` on the `tz` clock, both included). */
  from?: string;
  to?: string;
  tz?: string;
  sort?: string;
}

const RECHARGE_ORDER = { payable: 'r.payable', paid_at: 'r.paid_at' };

const SELECT = `select r.*, a.address, u.username, t.tx_id
  from recharges r join usdt_addresses a on a.id = r.address_id join users u on u.id = r.user_id
  left join usdt_transfers t on t.id = r.transfer_id`;

export class RechargesRepository extends SqlRepository {
  private where(f: RechargeFilter): Where {
    return new Where()
      .add('r.user_id = $?', f.userId)
      .add('a.address = $?', f.address)
      .add('(u.username ilike $? or u.email ilike $?)', f.user ? likeOf(f.user) : undefined)
      .add('r.status = $?', f.status)
      .add('t.tx_id = $?', f.tx?.toLowerCase())
      .amountBetween('r.payable', f.min, f.max)
      .daysBetween('r.created_at', f);
  }

  /** One page and, over every filtered row, the count and the sum of payable amounts. */
  async list(f: RechargeFilter, page: number, limit: number) {
    const where = this.where(f);
    return this.pageWithSum<RechargeRecord>(
      {
        count: `select count(*)::int as n, coalesce(sum(r.payable), 0)::text as sum from (${SELECT} ${where.sql}) r`,
        rows: `${SELECT} ${where.sql} ${orderOf(f.sort, RECHARGE_ORDER, 'r.id')}`,
      },
      where,
      page,
      limit,
    );
  }

  async byId(id: number, lock = false): Promise<RechargeRecord | undefined> {
    if (lock) await this.db.query('select id from recharges where id = $1 for update', [id]);
    const [row] = await this.db.query<RechargeRecord>(`${SELECT} where r.id = $1`, [id]);
    return row;
  }

  /**
   * Lets go of amounts whose window (expiry + grace) has passed and marks unpaid ones past expiry
   * expired. A late payment inside the grace still matches (status expired or cancelled, amount held).
   */
  async sweep(now: Date): Promise<void> {
    await this.db.query(
      `update recharges set status = 'expired' where status = 'pending' and expires_at < $1`,
      [now.toISOString()],
    );
    await this.db.query(
      `update recharges set holds_amount = false where holds_amount and locked_until < $1`,
      [now.toISOString()],
    );
  }

  /** The user's recharges waiting for payment (pending; the caller swept expired ones first). */
  async openCount(userId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from recharges where user_id = $1 and status = 'pending'`,
      [userId],
    );
    return Number(row?.n ?? 0);
  }

  /** Payable amounts reserved on the address between `low` and `high` (both included). */
  async heldPayables(addressId: number, low: bigint, high: bigint): Promise<Set<bigint>> {
    const rows = await this.db.query<{ payable: string }>(
      'select payable::text from recharges where address_id = $1 and holds_amount and payable between $2 and $3',
      [addressId, low.toString(), high.toString()],
    );
    return new Set(rows.map((r) => BigInt(r.payable)));
  }

  /** The new recharge's id; the partial UNIQUE index refuses a payable amount already reserved (23505). */
  async insert(v: {
    orderNo: string;
    userId: number;
    addressId: number;
    amount: bigint;
    payable: bigint;
    expiresAt: Date;
    lockedUntil: Date;
    createdAt: Date;
  }): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into recharges (order_no, user_id, address_id, amount, payable, expires_at, locked_until, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        v.orderNo,
        v.userId,
        v.addressId,
        v.amount.toString(),
        v.payable.toString(),
        v.expiresAt.toISOString(),
        v.lockedUntil.toISOString(),
        v.createdAt.toISOString(),
      ],
    );
    return Number(row?.id);
  }

  /**
   * The recharge a transfer pays: same address, exact payable amount, created at or before the block
   * time and the block time within expiry + grace, not paid yet. Locked for the caller's transaction.
   */
  async findPayable(address: string, amount: bigint, blockTime: Date): Promise<RechargeRecord | undefined> {
    const [row] = await this.db.query<RechargeRecord>(
      `select r.*, a.address from recharges r join usdt_addresses a on a.id = r.address_id
       where a.address = $1 and r.payable = $2 and r.status <> 'paid'
         and r.created_at <= $3 and $3 <= r.locked_until
       order by r.id limit 1 for update of r`,
      [address, amount.toString(), blockTime.toISOString()],
    );
    return row;
  }

  /**
   * `findPayable` for a page of transfers in one statement: for each transfer, every recharge it could
   * pay (oldest first), locked for the caller's transaction. The caller gives each recharge to one
   * transfer at most.
   */
  async payableFor(
    ts: { id: number; to: string; amount: bigint; blockTime: Date }[],
  ): Promise<{ transfer_id: string; id: string; user_id: string; order_no: string }[]> {
    if (ts.length === 0) return [];
    return this.db.query(
      `select v.transfer_id, r.id, r.user_id, r.order_no
       from unnest($1::bigint[], $2::text[], $3::bigint[], $4::timestamptz[]) v(transfer_id, address, amount, block_time)
       join usdt_addresses a on a.address = v.address
       join recharges r on r.address_id = a.id and r.payable = v.amount and r.status <> 'paid'
         and r.created_at <= v.block_time and v.block_time <= r.locked_until
       order by v.transfer_id, r.id
       for update of r`,
      [
        ts.map((t) => t.id),
        ts.map((t) => t.to),
        ts.map((t) => t.amount.toString()),
        ts.map((t) => t.blockTime.toISOString()),
      ],
      'recharge_payable_for',
    );
  }

  /** `markPaid` for a page's matches in one statement: how many were paid (each once). */
  async markPaidMany(matches: { rechargeId: number; transferId: number }[], now: Date): Promise<number> {
    if (matches.length === 0) return 0;
    const rows = await this.db.query(
      `update recharges r set status = 'paid', paid_at = $3, transfer_id = v.transfer_id, holds_amount = false
       from unnest($1::bigint[], $2::bigint[]) v(id, transfer_id)
       where r.id = v.id and r.status <> 'paid' returning r.id`,
      [matches.map((m) => m.rechargeId), matches.map((m) => m.transferId), now.toISOString()],
      'recharge_mark_paid_many',
    );
    return rows.length;
  }

  /** Paid once: only a recharge not paid yet changes (false when another transaction was first). */
  async markPaid(id: number, transferId: number | null, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update recharges set status = 'paid', paid_at = $3, transfer_id = $2, holds_amount = false
       where id = $1 and status <> 'paid' returning id`,
      [id, transferId, now.toISOString()],
    );
    return rows.length === 1;
  }

  /** Cancelled, but its amount stays reserved through expiry + grace so a late payment finds it. */
  async cancel(id: number, userId?: number): Promise<boolean> {
    const rows = await this.db.query(
      `update recharges set status = 'cancelled' where id = $1 and status in ('pending', 'expired')
       ${userId === undefined ? '' : 'and user_id = $2'} returning id`,
      userId === undefined ? [id] : [id, userId],
    );
    return rows.length === 1;
  }

  /** Sum and count of recharges paid since `since` (the console's tile). */
  async paidSince(since: Date): Promise<{ count: number; sum: bigint }> {
    const [row] = await this.db.query<{ n: number; sum: string }>(
      `select count(*)::int as n, coalesce(sum(payable), 0)::text as sum from recharges
       where status = 'paid' and paid_at >= $1`,
      [since.toISOString()],
    );
    return { count: row?.n ?? 0, sum: BigInt(row?.sum ?? '0') };
  }
}
