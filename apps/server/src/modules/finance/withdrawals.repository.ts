import { likeOf, SqlRepository, Where } from './sql-repository.js';

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
  from?: string;
  to?: string;
}

const SELECT = 'select w.*, u.username, u.email from withdrawals w join users u on u.id = w.user_id';

export class WithdrawalsRepository extends SqlRepository {
  /**
   * Holds the user's row until the transaction ends, so one user's withdrawal requests run one after
   * another: the daily limit is read and used by one request at a time.
   */
  async lockUser(userId: number): Promise<boolean> {
    const rows = await this.db.query('select id from users where id = $1 for update', [userId]);
    return rows.length === 1;
  }

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
    v: { reason?: string; txId?: string; now: Date },
  ): Promise<WithdrawalRecord | undefined> {
    const stamp = to === 'paid' ? 'paid_at' : 'decided_at';
    const [row] = await this.db.query<WithdrawalRecord>(
      `update withdrawals set status = $2, ${stamp} = $3, reason = coalesce($4, reason), tx_id = coalesce($5, tx_id)
       where id = $1 and status = any($6::text[]) returning *`,
      [id, to, v.now.toISOString(), v.reason ?? null, v.txId ?? null, from],
    );
    return row;
  }

  private where(f: WithdrawalFilter): Where {
    return new Where()
      .add('w.user_id = $?', f.userId)
      .add('(u.username ilike $? or u.email ilike $?)', f.user ? likeOf(f.user) : undefined)
      .add('w.status = $?', f.status)
      .add('w.address = $?', f.address)
      .add('w.tx_id = $?', f.tx?.toLowerCase())
      .daysBetween('w.created_at', f.from, f.to);
  }

  async list(f: WithdrawalFilter, page: number, limit: number) {
    const where = this.where(f);
    return this.pageWithSum<WithdrawalRecord>(
      {
        count: `select count(*)::int as n, coalesce(sum(w.amount), 0)::text as sum
                from withdrawals w join users u on u.id = w.user_id ${where.sql}`,
        rows: `${SELECT} ${where.sql} order by w.id desc`,
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
