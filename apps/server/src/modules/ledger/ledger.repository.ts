import type { LedgerAccount, LedgerKind } from '@tally/contracts';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type DayFilter, type ListQuery, type ListSpec, listPage, withinDays } from '../../db/list-query.js';
import { type LedgerEntryRow, ledgerEntries, users } from '../../db/schema/index.js';

/** Kind, account and the days of `created_at` (`from`..`to` on the `tz` clock, both included). */
export interface EntryFilter extends DayFilter {
  kind?: LedgerKind;
  account?: LedgerAccount;
}

export interface EntryInsert {
  userId: number;
  account: LedgerAccount;
  kind: LedgerKind;
  amount: bigint;
  refType: string;
  refId: string;
  actorId: number | null;
  note: string;
}

/** The column of `users` each account lives in (a closed list: never a caller's string in SQL). */
const COLUMN: Record<LedgerAccount, string> = { balance: 'balance', commission: 'commission_balance' };

/**
 * One posting is one statement: the UPDATE locks the user's row (so one user's postings serialise,
 * another user's never wait) and moves the balance only when it stays ≥ 0; the INSERT writes the entry
 * with the balance that UPDATE returned. No row back: the user is missing or the funds are short.
 * A reference applied before fails the INSERT on ledger_entries_reference_key, which rolls the UPDATE
 * back with it.
 */
const postSql = (account: LedgerAccount) => `
  with moved as (
    update users set ${COLUMN[account]} = ${COLUMN[account]} + $2::bigint
    where id = $1 and ${COLUMN[account]} + $2::bigint >= 0
    returning ${COLUMN[account]} as balance
  )
  insert into ledger_entries (user_id, account, kind, amount, balance_after, ref_type, ref_id, actor_id, note)
  select $1, '${account}', $3, $2::bigint, moved.balance, $4, $5, $6, $7 from moved
  returning id, balance_after, created_at`;

const POST_SQL: Record<LedgerAccount, string> = {
  balance: postSql('balance'),
  commission: postSql('commission'),
};

const LIST: ListSpec = { sorts: { id: ledgerEntries.id }, tiebreak: ledgerEntries.id };

export class LedgerRepository {
  constructor(private readonly db: Executor) {}

  /** The same statements on a transaction's connection. */
  in(tx: Executor): LedgerRepository {
    return new LedgerRepository(tx);
  }

  /** The entry written, or undefined when nothing moved (no such user, or the balance would go below 0). */
  async post(e: EntryInsert): Promise<{ id: number; balanceAfter: bigint; createdAt: Date } | undefined> {
    const [row] = await this.db.query<{ id: string; balance_after: string; created_at: Date }>(
      POST_SQL[e.account],
      [e.userId, e.amount.toString(), e.kind, e.refType, e.refId, e.actorId, e.note],
      `ledger_post_${e.account}`,
    );
    return row && { id: Number(row.id), balanceAfter: BigInt(row.balance_after), createdAt: row.created_at };
  }

  /** Whether an entry of `kind` already carries this reference. */
  async hasReference(kind: LedgerKind, refType: string, refId: string): Promise<boolean> {
    const [row] = await this.db.orm
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.refType, refType), eq(ledgerEntries.refId, refId)),
      )
      .limit(1);
    return row !== undefined;
  }

  async balances(userId: number): Promise<{ balance: bigint; commission: bigint } | undefined> {
    const [row] = await this.db.orm
      .select({ balance: users.balance, commission: users.commissionBalance })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  private where(userId: number, f: EntryFilter): SQL | undefined {
    return and(
      eq(ledgerEntries.userId, userId),
      f.kind ? eq(ledgerEntries.kind, f.kind) : undefined,
      f.account ? eq(ledgerEntries.account, f.account) : undefined,
      withinDays(ledgerEntries.createdAt, f),
    );
  }

  list(userId: number, filter: EntryFilter, query: ListQuery) {
    const where = this.where(userId, filter);
    const rows = this.db.orm.select().from(ledgerEntries).where(where).$dynamic();
    return listPage(rows, this.db.orm.$count(ledgerEntries, where), query, LIST);
  }

  /** Up to `limit` entries older than entry `before` (newest first): the CSV export's batches. */
  batchBefore(userId: number, filter: EntryFilter, before: number, limit: number): Promise<LedgerEntryRow[]> {
    return this.db.orm
      .select()
      .from(ledgerEntries)
      .where(and(this.where(userId, filter), lt(ledgerEntries.id, before)))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }

  /** Every user whose balances differ from the sum of their entries (the benchmark's and tests' audit). */
  async mismatches(): Promise<{ user_id: number; balance: string; entries: string; account: string }[]> {
    return this.db.query(`
      select u.id as user_id, a.account, a.balance::text, coalesce(s.total, 0)::text as entries
      from users u
      cross join lateral (values ('balance', u.balance), ('commission', u.commission_balance)) a(account, balance)
      left join (select user_id, account, sum(amount) as total from ledger_entries group by 1, 2) s
        on s.user_id = u.id and s.account = a.account
      where a.balance <> coalesce(s.total, 0)`);
  }
}
