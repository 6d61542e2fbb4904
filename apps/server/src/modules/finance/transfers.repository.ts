import { SqlRepository, Where } from './sql-repository.js';

export interface TransferRecord {
  id: string;
  tx_id: string;
  event_index: number;
  from_address: string;
  to_address: string;
  amount: string;
  block_time: Date;
  status: 'matched' | 'unmatched' | 'assigned';
  recharge_id: string | null;
  user_id: string | null;
  note: string;
  created_at: Date;
}

export interface ChainTransfer {
  txId: string;
  eventIndex: number;
  from: string;
  to: string;
  amount: bigint;
  blockTime: Date;
}

export interface TransferFilter {
  address?: string;
  status?: string;
  tx?: string;
  min?: bigint;
  max?: bigint;
  from?: string;
  to?: string;
}

export class TransfersRepository extends SqlRepository {
  /**
   * Stores a transfer seen on chain, unmatched for now. Undefined when (tx id, event index) is stored
   * already: a second watcher waits on the UNIQUE key until the first commits, then gets nothing.
   */
  async insert(t: ChainTransfer): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into usdt_transfers (tx_id, event_index, from_address, to_address, amount, block_time, status)
       values ($1, $2, $3, $4, $5, $6, 'unmatched')
       on conflict (tx_id, event_index) do nothing returning id`,
      [t.txId, t.eventIndex, t.from, t.to, t.amount.toString(), t.blockTime.toISOString()],
      'usdt_transfer_insert',
    );
    return row ? Number(row.id) : undefined;
  }

  /** Which of these transaction ids are stored already (one query per page, so re-reads cost little). */
  async known(txIds: string[]): Promise<Set<string>> {
    if (txIds.length === 0) return new Set();
    const rows = await this.db.query<{ key: string }>(
      `select tx_id || ':' || event_index as key from usdt_transfers where tx_id = any($1::text[])`,
      [txIds],
    );
    return new Set(rows.map((r) => r.key));
  }

  /** Unmatched → matched or assigned, once: false when it is not unmatched (any more). */
  async settle(
    id: number,
    v: { status: 'matched' | 'assigned'; rechargeId: number | null; userId: number; note: string },
  ): Promise<boolean> {
    const rows = await this.db.query(
      `update usdt_transfers set status = $2, recharge_id = $3, user_id = $4, note = $5
       where id = $1 and status = 'unmatched' returning id`,
      [id, v.status, v.rechargeId, v.userId, v.note],
    );
    return rows.length === 1;
  }

  async byId(id: number): Promise<TransferRecord | undefined> {
    const [row] = await this.db.query<TransferRecord>('select * from usdt_transfers where id = $1', [id]);
    return row;
  }

  private where(f: TransferFilter): Where {
    return new Where()
      .add('to_address = $?', f.address)
      .add('status = $?', f.status)
      .add('tx_id = $?', f.tx?.toLowerCase())
      .amountBetween('amount', f.min, f.max)
      .daysBetween('block_time', f.from, f.to);
  }

  async list(f: TransferFilter, page: number, limit: number) {
    const where = this.where(f);
    return this.pageWithSum<TransferRecord>(
      {
        count: `select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from usdt_transfers ${where.sql}`,
        rows: `select * from usdt_transfers ${where.sql} order by block_time desc, id desc`,
      },
      where,
      page,
      limit,
    );
  }
}
