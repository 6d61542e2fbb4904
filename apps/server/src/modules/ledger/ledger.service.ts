import { ERROR, type LedgerAccount, type LedgerKind } from '@tally/contracts';
import type { Tx } from '../../db/client.js';
import type { ListQuery, Page } from '../../db/list-query.js';
import { isUniqueViolation, sqlState } from '../../db/pg-errors.js';
import type { LedgerEntryRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { EntryFilter, LedgerRepository } from './ledger.repository.js';

export type { LedgerAccount, LedgerKind } from '@tally/contracts';
export type { EntryFilter } from './ledger.repository.js';

/** One change of one account. `amount` is signed micro-USDT: money in is positive. */
export interface LedgerPosting {
  userId: number;
  account: LedgerAccount;
  kind: LedgerKind;
  amount: bigint;
  /** What the money moved for (an order, a withdrawal, an audit row …): applied at most once per kind and account. */
  ref: { type: string; id: string };
  /** Who made it happen: the admin of an adjustment, the user of a transfer; null for the system. */
  actorId: number | null;
  note?: string;
}

export interface LedgerEntry {
  id: number;
  userId: number;
  account: LedgerAccount;
  kind: LedgerKind;
  amount: bigint;
  balanceAfter: bigint;
  ref: { type: string; id: string };
  actorId: number | null;
  note: string;
  createdAt: Date;
}

export interface Balances {
  balance: bigint;
  commission: bigint;
}

/**
 * The reference was applied already (ledger_entries_reference_key refused the second entry). The
 * statement failed, so the caller's transaction is aborted and rolls back whole: nothing of the business
 * change commits twice. Catch it OUTSIDE `db.transaction` and treat the operation as already done.
 * Uncaught, it answers HTTP 409.
 */
export class DuplicateReferenceError extends AppError {
  constructor(readonly posting: LedgerPosting) {
    super(ERROR.CONFLICT, 409, 'This operation was already applied.');
  }
}

/**
 * The account would go below zero: HTTP 422 `INSUFFICIENT_BALANCE`, with the message on `amount` for
 * forms. Nothing moved, and the caller's transaction is still usable (the UPDATE matched no row).
 */
export class InsufficientBalanceError extends AppError {
  constructor(readonly posting: LedgerPosting) {
    const message =
      posting.account === 'commission' ? 'Insufficient commission balance.' : 'Insufficient balance.';
    super(ERROR.INSUFFICIENT_BALANCE, 422, message, { amount: [message] });
  }
}

/** Which way each kind moves money, and which accounts it may touch; anything else is a bug in the caller. */
const RULES: Record<LedgerKind, { sign: 1 | -1 | 0; accounts: readonly LedgerAccount[] }> = {
  recharge: { sign: 1, accounts: ['balance'] },
  withdrawal_hold: { sign: -1, accounts: ['balance'] },
  withdrawal_release: { sign: 1, accounts: ['balance'] },
  order_payment: { sign: -1, accounts: ['balance'] },
  refund: { sign: 1, accounts: ['balance'] },
  commission: { sign: 1, accounts: ['commission'] },
  commission_reversal: { sign: -1, accounts: ['commission'] },
  commission_transfer: { sign: 0, accounts: ['balance', 'commission'] },
  admin_adjustment: { sign: 0, accounts: ['balance', 'commission'] },
};

const CHECK_VIOLATION = '23514';
const REFERENCE_KEY = 'ledger_entries_reference_key';
const NON_NEGATIVE = new Set([
  'users_balance_nonnegative',
  'users_commission_balance_nonnegative',
  'ledger_entries_balance_after_check',
]);

function checkPosting(p: LedgerPosting): void {
  const rule = RULES[p.kind];
  if (!rule) throw new Error(`ledger: unknown kind ${String(p.kind)}`);
  if (!rule.accounts.includes(p.account)) throw new Error(`ledger: ${p.kind} never moves ${p.account}`);
  if (typeof p.amount !== 'bigint' || p.amount === 0n)
    throw new Error('ledger: amount must be a non-zero bigint');
  if (rule.sign !== 0 && (p.amount > 0n ? 1 : -1) !== rule.sign)
    throw new Error(`ledger: ${p.kind} must be ${rule.sign > 0 ? 'positive' : 'negative'}`);
  if (!p.ref.type || !p.ref.id) throw new Error('ledger: a posting needs a reference');
}

/**
 * The only code that changes a balance (see README.md). Every posting runs inside the caller's
 * transaction, beside the business change it pays for, so both commit or neither.
 */
export class LedgerService {
  private readonly committed: ((entry: LedgerEntry) => void)[] = [];

  constructor(private readonly repo: LedgerRepository) {}

  /** `fn` hears of each entry once its transaction committed, never of one rolled back (notices). */
  onCommitted(fn: (entry: LedgerEntry) => void): void {
    this.committed.push(fn);
  }

  async post(posting: LedgerPosting, tx: Tx): Promise<LedgerEntry> {
    checkPosting(posting);
    const note = posting.note ?? '';
    let written: Awaited<ReturnType<LedgerRepository['post']>>;
    try {
      written = await this.repo.in(tx).post({
        userId: posting.userId,
        account: posting.account,
        kind: posting.kind,
        amount: posting.amount,
        refType: posting.ref.type,
        refId: posting.ref.id,
        actorId: posting.actorId,
        note,
      });
    } catch (err) {
      if (isUniqueViolation(err, REFERENCE_KEY)) throw new DuplicateReferenceError(posting);
      const { code, constraint } = sqlState(err);
      // The WHERE keeps balances ≥ 0; the CHECK is the database's own guard should that ever change.
      if (code === CHECK_VIOLATION && constraint && NON_NEGATIVE.has(constraint))
        throw new InsufficientBalanceError(posting);
      throw err;
    }
    if (!written) {
      if (!(await this.repo.in(tx).balances(posting.userId)))
        throw new Error(`ledger: no user ${posting.userId}`);
      throw new InsufficientBalanceError(posting);
    }
    const entry = { ...posting, note, ...written, ref: { ...posting.ref } };
    for (const fn of this.committed) tx.afterCommit(() => fn(entry));
    return entry;
  }

  /**
   * Several postings in one transaction (a commission transfer is two). Users are locked in id order,
   * whatever order the caller lists them in, so two transactions touching the same users never
   * deadlock. Entries come back in the caller's order.
   */
  async postMany(postings: readonly LedgerPosting[], tx: Tx): Promise<LedgerEntry[]> {
    const order = postings.map((p, i) => ({ p, i })).sort((a, b) => a.p.userId - b.p.userId || a.i - b.i);
    const entries: LedgerEntry[] = new Array(postings.length);
    for (const { p, i } of order) entries[i] = await this.post(p, tx);
    return entries;
  }

  /** Whether a posting of `kind` with this reference was applied already (a repeated request). */
  applied(kind: LedgerKind, ref: { type: string; id: string }): Promise<boolean> {
    return this.repo.hasReference(kind, ref.type, ref.id);
  }

  /** Current balances; `tx` to read them inside a transaction. Throws for an unknown user. */
  async balances(userId: number, tx?: Tx): Promise<Balances> {
    const found = await (tx ? this.repo.in(tx) : this.repo).balances(userId);
    if (!found) throw new Error(`ledger: no user ${userId}`);
    return found;
  }

  /** One page of a user's entries, newest first by default. */
  async entries(userId: number, query: EntryFilter & ListQuery): Promise<Page<LedgerEntry>> {
    const page = await this.repo.list(userId, query, { ...query, sort: query.sort ?? '-id' });
    return { ...page, list: page.list.map(toEntry) };
  }

  /** Every entry of the filter, newest first, in batches (for the streamed CSV: memory stays flat). */
  async *allEntries(userId: number, filter: EntryFilter, batch = 500): AsyncGenerator<LedgerEntry> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await this.repo.batchBefore(userId, filter, before, batch);
      for (const row of rows) yield toEntry(row);
      if (rows.length < batch) return;
      before = rows[rows.length - 1]?.id ?? 0;
    }
  }

  /** Users whose balances differ from the sum of their entries: always none (tests, benchmark). */
  mismatches() {
    return this.repo.mismatches();
  }
}

function toEntry(row: LedgerEntryRow): LedgerEntry {
  return {
    id: row.id,
    userId: row.userId,
    account: row.account,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    ref: { type: row.refType, id: row.refId },
    actorId: row.actorId,
    note: row.note,
    createdAt: row.createdAt,
  };
}
