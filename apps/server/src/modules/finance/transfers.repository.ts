import { orderOf, SqlRepository, Where } from './sql-repository.js';

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
  confirmed: boolean;
  vanished_at: Date | null;
  chain_checked_at: Date | null;
}

export interface ChainTransfer {
  txId: string;
  eventIndex: number;
  from: string;
  to: string;
  amount: bigint;
  blockTime: Date;
}

/** A transfer this watcher stored, with its row id. */
export interface StoredTransfer extends ChainTransfer {
  id: number;
}

export interface TransferFilter {
  address?: string;
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

const TRANSFER_ORDER = { amount: 'amount', block_time: 'block_time' };

export class TransfersRepository extends SqlRepository {
  /**
   * Stores a transfer seen on chain, unmatched for now. Undefined when (tx id, event index) is stored
   * already: a second watcher waits on the UNIQUE key until the first commits, then gets nothing.
   */
  async insert(t: ChainTransfer, confirmed = true): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into usdt_transfers (tx_id, event_index, from_address, to_address, amount, block_time, status, confirmed)
       values ($1, $2, $3, $4, $5, $6, 'unmatched', $7)
       on conflict (tx_id, event_index) do nothing returning id`,
      [t.txId, t.eventIndex, t.from, t.to, t.amount.toString(), t.blockTime.toISOString(), confirmed],
      'usdt_transfer_insert',
    );
    return row ? Number(row.id) : undefined;
  }

  /**
   * Stores a page of transfers in one statement, unmatched for now: the rows this statement inserted
   * (those stored already, by another watcher too, are left out: it waits on the UNIQUE key as above).
   * Sorted by key, so two watchers storing the same page wait for each other in the same order.
   */
  async insertMany(ts: ChainTransfer[], confirmed = true): Promise<StoredTransfer[]> {
    if (ts.length === 0) return [];
    const sorted = [...ts].sort((a, b) =>
      a.txId < b.txId ? -1 : a.txId > b.txId ? 1 : a.eventIndex - b.eventIndex,
    );
    const rows = await this.db.query<{ id: string; tx_id: string; event_index: number }>(
      `insert into usdt_transfers (tx_id, event_index, from_address, to_address, amount, block_time, status, confirmed)
       select v.*, 'unmatched', $7::boolean from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::timestamptz[]) v
       on conflict (tx_id, event_index) do nothing returning id, tx_id, event_index`,
      [
        sorted.map((t) => t.txId),
        sorted.map((t) => t.eventIndex),
        sorted.map((t) => t.from),
        sorted.map((t) => t.to),
        sorted.map((t) => t.amount.toString()),
        sorted.map((t) => t.blockTime.toISOString()),
        confirmed,
      ],
      'usdt_transfer_insert_many',
    );
    const ids = new Map(rows.map((r) => [`${r.tx_id}:${r.event_index}`, Number(r.id)]));
    return ts.flatMap((t) => {
      const key = `${t.txId}:${t.eventIndex}`;
      const id = ids.get(key);
      ids.delete(key); // a transfer listed twice in the page is stored (and returned) once
      return id === undefined ? [] : [{ ...t, id }];
    });
  }

  /** Unmatched → matched for a page's matches, in one statement: how many changed. */
  async settleMatched(
    matches: { transferId: number; rechargeId: number; userId: number }[],
  ): Promise<number> {
    if (matches.length === 0) return 0;
    const rows = await this.db.query(
      `update usdt_transfers t set status = 'matched', recharge_id = v.recharge_id, user_id = v.user_id
       from unnest($1::bigint[], $2::bigint[], $3::bigint[]) v(id, recharge_id, user_id)
       where t.id = v.id and t.status = 'unmatched' returning t.id`,
      [matches.map((m) => m.transferId), matches.map((m) => m.rechargeId), matches.map((m) => m.userId)],
      'usdt_transfer_settle_many',
    );
    return rows.length;
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

  /**
   * The next transfers stored unconfirmed and neither seen confirmed nor flagged since, least recently
   * checked first (marked checked now, so the next cycle takes the others first).
   */
  nextUnconfirmed(limit: number, now: Date): Promise<TransferRecord[]> {
    return this.db.query<TransferRecord>(
      `update usdt_transfers set chain_checked_at = $2
        where id in (select id from usdt_transfers
                      where not confirmed and vanished_at is null
                      order by chain_checked_at nulls first, id limit $1)
        returning *`,
      [limit, now.toISOString()],
      'usdt_transfer_next_unconfirmed',
    );
  }

  /** Seen confirmed on the chain: no longer re-checked. */
  async setConfirmed(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query('update usdt_transfers set confirmed = true where id = any($1::bigint[])', [ids]);
  }

  /** Flagged once: false when it was flagged (or confirmed) already. */
  async setVanished(id: number, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update usdt_transfers set vanished_at = $2
        where id = $1 and not confirmed and vanished_at is null returning id`,
      [id, at.toISOString()],
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
      .daysBetween('block_time', f);
  }

  async list(f: TransferFilter, page: number, limit: number) {
    const where = this.where(f);
    return this.pageWithSum<TransferRecord>(
      {
        count: `select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from usdt_transfers ${where.sql}`,
        rows: `select * from usdt_transfers ${where.sql} ${orderOf(f.sort ?? '-block_time', TRANSFER_ORDER, 'id')}`,
      },
      where,
      page,
      limit,
    );
  }
}
