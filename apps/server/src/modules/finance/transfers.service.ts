import { ERROR, formatMicros, type UsdtTransferRow } from '@tally/contracts';
import type { Transactor, Tx } from '../../db/client.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { DuplicateReferenceError, type LedgerService } from '../ledger/ledger.service.js';
import { runOnce } from './once.js';
import type { RechargesRepository } from './recharges.repository.js';
import type {
  ChainTransfer,
  StoredTransfer,
  TransferFilter,
  TransferRecord,
  TransfersRepository,
} from './transfers.repository.js';

export const TRANSFER_SETTLED = 'This transfer is matched or assigned already.';

export type StoreResult = 'matched' | 'unmatched' | 'duplicate';

interface Match {
  transfer: StoredTransfer;
  rechargeId: number;
  userId: number;
  orderNo: string;
}

const keyOf = (t: ChainTransfer) => `${t.txId}:${t.eventIndex}`;

/** A recharge or transfer of the page changed under it (it cannot while locked): the page goes again one by one. */
class PageConflict extends Error {}

const toRow = (r: TransferRecord): UsdtTransferRow => ({
  id: Number(r.id),
  tx_id: r.tx_id,
  event_index: r.event_index,
  from_address: r.from_address,
  to_address: r.to_address,
  amount: formatMicros(BigInt(r.amount)),
  block_time: r.block_time.toISOString(),
  status: r.status,
  recharge_id: r.recharge_id === null ? null : Number(r.recharge_id),
  user_id: r.user_id === null ? null : Number(r.user_id),
  note: r.note,
  created_at: r.created_at.toISOString(),
});

/**
 * Incoming transfers (USDT转账记录). Storing one and crediting the recharge it pays are one transaction:
 * the UNIQUE (tx id, event index) makes the first writer the only one that matches, the recharge's
 * status and the ledger's UNIQUE reference make its credit happen once.
 */
export class TransfersService {
  constructor(
    private readonly repo: TransfersRepository,
    private readonly recharges: RechargesRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly db: Transactor,
    private readonly now: () => Date,
  ) {}

  /**
   * A page of transfers, stored and matched in one transaction of a few set-based statements: insert
   * (ON CONFLICT DO NOTHING), the recharges the new ones pay (locked), those recharges paid, their
   * users credited, the transfers settled. Only rows this transaction inserted are matched, so a second
   * watcher storing the same page waits on the UNIQUE key and then finds nothing to do. Should the
   * ledger find a reference credited already (an admin's mark-paid in between), the page rolls back
   * whole and goes again one transfer at a time (`store`), which tells each case apart.
   */
  async storePage(transfers: ChainTransfer[]): Promise<StoreResult[]> {
    try {
      return await this.db.transaction((tx) => this.storeAll(tx, transfers));
    } catch (err) {
      if (!(err instanceof DuplicateReferenceError) && !(err instanceof PageConflict)) throw err;
      const results: StoreResult[] = [];
      for (const t of transfers) results.push(await this.store(t));
      return results;
    }
  }

  private async storeAll(tx: Tx, transfers: ChainTransfer[]): Promise<StoreResult[]> {
    const stored = await this.repo.in(tx).insertMany(transfers);
    const candidates = await this.recharges.in(tx).payableFor(stored);
    // In the page's order (oldest first), each transfer pays the oldest recharge no earlier one took.
    const taken = new Set<string>();
    const matches: Match[] = [];
    for (const t of stored) {
      const r = candidates.find((c) => Number(c.transfer_id) === t.id && !taken.has(c.id));
      if (!r) continue;
      taken.add(r.id);
      matches.push({ transfer: t, rechargeId: Number(r.id), userId: Number(r.user_id), orderNo: r.order_no });
    }
    const now = this.now();
    const pairs = matches.map((m) => ({
      transferId: m.transfer.id,
      rechargeId: m.rechargeId,
      userId: m.userId,
    }));
    if ((await this.recharges.in(tx).markPaidMany(pairs, now)) !== matches.length) throw new PageConflict();
    await this.ledger.postMany(
      matches.map((m) => ({
        userId: m.userId,
        account: 'balance' as const,
        kind: 'recharge' as const,
        amount: m.transfer.amount,
        ref: { type: 'recharge', id: String(m.rechargeId) },
        actorId: null,
        note: m.orderNo,
      })),
      tx,
    );
    if ((await this.repo.in(tx).settleMatched(pairs)) !== matches.length) throw new PageConflict();
    const matched = new Set(matches.map((m) => m.transfer.id));
    const fresh = new Map(stored.map((t) => [keyOf(t), t.id]));
    return transfers.map((t) => {
      const id = fresh.get(keyOf(t));
      if (id === undefined) return 'duplicate'; // stored before, or twice in this page
      fresh.delete(keyOf(t));
      return matched.has(id) ? 'matched' : 'unmatched';
    });
  }

  async store(t: ChainTransfer): Promise<StoreResult> {
    try {
      return await this.db.transaction(async (tx) => {
        const id = await this.repo.in(tx).insert(t);
        if (id === undefined) return 'duplicate';
        const recharge = await this.recharges.in(tx).findPayable(t.to, t.amount, t.blockTime);
        if (!recharge) return 'unmatched';
        await this.credit(
          tx,
          id,
          t.amount,
          Number(recharge.id),
          Number(recharge.user_id),
          null,
          recharge.order_no,
        );
        await this.repo.in(tx).settle(id, {
          status: 'matched',
          rechargeId: Number(recharge.id),
          userId: Number(recharge.user_id),
          note: '',
        });
        return 'matched';
      });
    } catch (err) {
      // Another watcher stored and credited it between our insert's wait and now: nothing to do.
      // (An AppError's name is 'Error': the class is what tells.)
      if (err instanceof DuplicateReferenceError) return 'duplicate';
      throw err;
    }
  }

  /** Pays the recharge (once: its status) and credits its user through the ledger (once: the reference). */
  private async credit(
    tx: Tx,
    transferId: number,
    amount: bigint,
    rechargeId: number,
    userId: number,
    actorId: number | null,
    note: string,
  ): Promise<void> {
    if (!(await this.recharges.in(tx).markPaid(rechargeId, transferId, this.now())))
      throw new AppError(ERROR.CONFLICT, 409, 'This recharge is paid already.');
    await this.ledger.post(
      {
        userId,
        account: 'balance',
        kind: 'recharge',
        amount,
        ref: { type: 'recharge', id: String(rechargeId) },
        actorId,
        note,
      },
      tx,
    );
  }

  async list(f: TransferFilter & { page: number; limit: number }) {
    const { rows, total, sum } = await this.repo.list(f, f.page, f.limit);
    return { list: rows.map(toRow), total, page: f.page, limit: f.limit, sum: formatMicros(sum) };
  }

  /**
   * An admin gives an unmatched transfer to a recharge (paid with it) or straight to a user: the
   * transfer's amount is credited once, with the reason in the audit row.
   */
  async assign(
    v: { id: number; recharge_id?: number; user_id?: number; reason: string },
    actor: Actor,
  ): Promise<UsdtTransferRow> {
    await runOnce(TRANSFER_SETTLED, () =>
      this.db.transaction(async (tx) => {
        const transfer = await this.repo.in(tx).byId(v.id);
        if (!transfer) throw notFound();
        const amount = BigInt(transfer.amount);
        let userId: number;
        if (v.recharge_id !== undefined) {
          const recharge = await this.recharges.in(tx).byId(v.recharge_id, true);
          if (!recharge) throw fieldError('recharge_id', 'Not found');
          userId = Number(recharge.user_id);
        } else {
          userId = v.user_id as number;
          await this.ledger.balances(userId, tx).catch(() => {
            throw fieldError('user_id', 'Not found');
          });
        }
        const settled = await this.repo.in(tx).settle(v.id, {
          status: 'assigned',
          rechargeId: v.recharge_id ?? null,
          userId,
          note: v.reason,
        });
        if (!settled) throw new AppError(ERROR.CONFLICT, 409, TRANSFER_SETTLED);
        if (v.recharge_id !== undefined)
          await this.credit(tx, v.id, amount, v.recharge_id, userId, actor.userId, v.reason);
        else
          await this.ledger.post(
            {
              userId,
              account: 'balance',
              kind: 'recharge',
              amount,
              ref: { type: 'usdt_transfer', id: String(v.id) },
              actorId: actor.userId,
              note: v.reason,
            },
            tx,
          );
        await this.audit.record(
          {
            actorId: actor.userId,
            ip: actor.ip,
            action: 'usdt_transfer.assign',
            target: `usdt_transfer:${v.id}`,
            before: { status: transfer.status },
            after: {
              status: 'assigned',
              recharge_id: v.recharge_id ?? null,
              user_id: userId,
              reason: v.reason,
            },
          },
          tx,
        );
      }),
    );
    return toRow((await this.repo.byId(v.id)) as TransferRecord);
  }
}
