import { likeOf, SqlRepository, Where } from './sql-repository.js';

export interface AddressRecord {
  id: number;
  address: string;
  label: string;
  enabled: boolean;
  last_balance: string | null;
  last_balance_at: Date | null;
  cursor_ms: string;
  live_recharges: number;
  created_at: Date;
}

/** Live recharges of an address: their payable amount is still reserved (until expiry + grace). */
const LIVE = `(select count(*)::int from recharges r where r.address_id = a.id and r.holds_amount)`;

export class AddressesRepository extends SqlRepository {
  async list(f: { enabled?: boolean; keyword?: string }, page: number, limit: number) {
    const where = new Where()
      .add('a.enabled = $?', f.enabled)
      .add('(a.address ilike $? or a.label ilike $?)', f.keyword ? likeOf(f.keyword) : undefined);
    const [{ n }] = (await this.db.query<{ n: number }>(
      `select count(*)::int as n from usdt_addresses a ${where.sql}`,
      where.params,
    )) as [{ n: number }];
    const rows = await this.db.query<AddressRecord>(
      `select a.*, ${LIVE} as live_recharges from usdt_addresses a ${where.sql} order by a.id desc ${where.page(page, limit)}`,
      where.params,
    );
    return { rows, total: n };
  }

  async byId(id: number, lock = false): Promise<AddressRecord | undefined> {
    const [row] = await this.db.query<AddressRecord>(
      `select a.*, ${LIVE} as live_recharges from usdt_addresses a where a.id = $1 ${lock ? 'for update' : ''}`,
      [id],
    );
    return row;
  }

  /** Every address the watcher reads (disabled ones too: money sent to them must still be seen). */
  all(): Promise<AddressRecord[]> {
    return this.db.query<AddressRecord>(
      `select a.*, 0 as live_recharges from usdt_addresses a order by a.id`,
    );
  }

  /** Enabled addresses, fewest live recharges first (new recharges spread over them). */
  enabledForRecharge(): Promise<{ id: number; address: string }[]> {
    return this.db.query(
      `select a.id, a.address from usdt_addresses a where a.enabled order by ${LIVE}, a.id`,
    );
  }

  /** Still enabled? Held (shared) until the transaction ends, so a disable waits for the new recharge. */
  async lockEnabled(id: number): Promise<boolean> {
    const rows = await this.db.query('select id from usdt_addresses where id = $1 and enabled for share', [
      id,
    ]);
    return rows.length === 1;
  }

  async insert(v: { address: string; label: string; enabled: boolean }): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into usdt_addresses (address, label, enabled) values ($1, $2, $3)
       on conflict (address) do nothing returning id`,
      [v.address, v.label, v.enabled],
    );
    return row ? Number(row.id) : undefined;
  }

  async update(id: number, v: { label: string; enabled: boolean }): Promise<void> {
    await this.db.query('update usdt_addresses set label = $2, enabled = $3 where id = $1', [
      id,
      v.label,
      v.enabled,
    ]);
  }

  async setCursor(id: number, cursorMs: number): Promise<void> {
    await this.db.query('update usdt_addresses set cursor_ms = greatest(cursor_ms, $2) where id = $1', [
      id,
      cursorMs,
    ]);
  }

  async setBalance(id: number, micros: bigint): Promise<void> {
    await this.db.query(
      'update usdt_addresses set last_balance = $2, last_balance_at = now() where id = $1',
      [id, micros.toString()],
    );
  }
}
