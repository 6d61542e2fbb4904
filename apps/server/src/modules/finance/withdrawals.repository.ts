import { likeOf, orderOf, SqlRepository, Where } from './sql-repository.js';

export interface WithdrawalRecord {
  id: string;
  user_id: string;
  username: string;
  email: string;
  amount: string;
  fee: string;
  address: string;
  status: 'pending' | 'approved' | 'rejected' | 'paid';
  reason: string;
  tx_id: string | null;
  chain_verified_at: Date | null;
  request_id: string | null;
  created_at: Date;
  decided_at: Date | null;
  paid_at: Date | null;
}

export interface WithdrawalFilter {
  userId?: number;
  user?: string;
  status?: string;
  address?: string;
  tx?: string;
  /** Days of the list's time column (`from`..`to` on the `tz` clock, both included). */
  from?: string;
  to?: string;
  tz?: string;
  sort?: string;
}

const WITHDRAWAL_ORDER = { amount: 'w.amount', paid_at: 'w.paid_at' };

const SELECT = 'select w.*, u.username, u.email from withdrawals w join users u on u.id = w.user_id';

export class WithdrawalsRepository extends SqlRepository {
  /** Amounts asked for since `since`, rejected ones excluded (the daily limit counts these). */
  async askedSince(userId: number, since: Date): Promise<bigint> {
    const [row] = await this.db.query<{ sum: string }>(
      `select coalesce(sum(amount), 0)::text as sum from withdrawals
       where user_id = $1 and created_at >= $2 and status <> 'rejected'`,
      [userId, since.toISOString()],
    );
    return BigInt(row?.sum ?? '0');
  }

  async byRequestId(userId: number, requestId: string): Promise<WithdrawalRecord | undefined> {
    const [row] = await this.db.query<WithdrawalRecord>(
      `${SELECT} where w.user_id = $1 and w.request_id = $2`,
      [userId, requestId],
    );
    return row;
  }

  async insert(v: {
    userId: number;
    amount: bigint;
    fee: bigint;
    address: string;
    requestId: string | null;
  }): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into withdrawals (user_id, amount, fee, address, request_id) values ($1, $2, $3, $4, $5) returning id`,
      [v.userId, v.amount.toString(), v.fee.toString(), v.address, v.requestId],
    );
    return Number(row?.id);
  }

  async byId(id: number): Promise<WithdrawalRecord | undefined> {
    const [row] = await this.db.query<WithdrawalRecord>(`${SELECT} where w.id = $1`, [id]);
    return row;
  }

  /** Moves a withdrawal from one of `from` to `to`, once: the changed row, or undefined when it was not in `from`. */
  async transition(
    id: number,
    from: readonly string[],
    to: 'approved' | 'rejected' | 'paid',
    v: { reason?: string; txId?: string; verifiedAt?: Date; now: Date },
  ): Promise<WithdrawalRecord | undefined> {
    const stamp = to === 'paid' ? 'paid_at' : 'decided_at';
    const [row] = await this.db.query<WithdrawalRecord>(
      `update withdrawals set status = $2, ${stamp} = $3, reason = coalesce($4, reason), tx_id = coalesce($5, tx_id),
         chain_verified_at = coalesce($7, chain_verified_at)
       where id = $1 and status = any($6::text[]) returning *`,
      [
        id,
        to,
        v.now.toISOString(),
        v.reason ?? null,
        v.txId ?? null,
        from,
        v.verifiedAt?.toISOString() ?? null,
      ],
    );
    return row;
  }

  /** The withdrawal already paid with this transaction hash, if any. */
  async byTxId(txId: string): Promise<WithdrawalRecord | undefined> {
    const [row] = await this.db.query<WithdrawalRecord>(`${SELECT} where w.tx_id = $1`, [txId]);
    return row;
  }

  /**
   * The next `limit` paid withdrawals whose transaction the chain has not shown yet, least recently
   * asked about first (never asked first), marked asked at `now` in the same statement. So a batch of
   * hashes that will never verify (a payment that failed on chain) only takes its turn: the ones after
   * it are reached in the next cycles instead of never.
   */
  nextToRecheck(limit: number, now: Date): Promise<WithdrawalRecord[]> {
    return this.db.query<WithdrawalRecord>(
      `with picked as (
         update withdrawals set chain_checked_at = $2
          where id in (select id from withdrawals
                        where status = 'paid' and chain_verified_at is null
                        order by chain_checked_at nulls first, id limit $1)
         returning *)
       select w.*, u.username, u.email from picked w join users u on u.id = w.user_id
        order by w.id`,
      [limit, now.toISOString()],
    );
  }

  /** Verified once: false when it was verified already (or is not paid). */
  async setVerified(id: number, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update withdrawals set chain_verified_at = $2
       where id = $1 and status = 'paid' and chain_verified_at is null returning id`,
      [id, at.toISOString()],
    );
    return rows.length === 1;
  }

  private where(f: WithdrawalFilter): Where {
    return new Where()
      .add('w.user_id = $?', f.userId)
      .add('(u.username ilike $? or u.email ilike $?)', f.user ? likeOf(f.user) : undefined)
      .add('w.status = $?', f.status)
      .add('w.address = $?', f.address)
      .add('w.tx_id = $?', f.tx?.toLowerCase())
      .daysBetween('w.created_at', f);
  }

  async list(f: WithdrawalFilter, page: number, limit: number) {
    const where = this.where(f);
    return this.pageWithSum<WithdrawalRecord>(
      {
        count: `select count(*)::int as n, coalesce(sum(w.amount), 0)::text as sum
                from withdrawals w join users u on u.id = w.user_id ${where.sql}`,
        rows: `${SELECT} ${where.sql} ${orderOf(f.sort, WITHDRAWAL_ORDER, 'w.id')}`,
      },
      where,
      page,
      limit,
    );
  }

  /** Withdrawals waiting for an admin (pending) and their total (the console's tile). */
  async pending(): Promise<{ count: number; sum: bigint }> {
    const [row] = await this.db.query<{ n: number; sum: string }>(
      `select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from withdrawals where status = 'pending'`,
    );
    return { count: row?.n ?? 0, sum: BigInt(row?.sum ?? '0') };
  }
}
