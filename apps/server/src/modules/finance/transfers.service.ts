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
import { type TronGridClient, TronGridUnavailableError } from './trongrid.client.js';

export const TRANSFER_SETTLED = 'This transfer is matched or assigned already.';

/** Transfers stored unconfirmed that one watcher cycle re-checks (a request or two per address). */
const RECHECK_BATCH = 50;
/** How long a transfer stored unconfirmed is re-checked; one never seen confirmed by then is flagged. */
export const UNCONFIRMED_RECHECK_MS = 24 * 60 * 60_000;
/**
 * Missing from both TronGrid's confirmed and unconfirmed history this long after its block, a transfer
 * has vanished (a fork dropped it); sooner, TronGrid's two views may only be catching up.
 */
export const VANISHED_AFTER_MS = 5 * 60_000;
/** How far before the oldest block time of an address's re-checked transfers its history is read. */
const BEFORE_BLOCK_MS = 10 * 60_000;
/** Pages of history read per address and view in a re-check (200 transfers each). */
const RECHECK_PAGES = 5;

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
  confirmed: r.confirmed,
  vanished_at: r.vanished_at?.toISOString() ?? null,
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
  async storePage(transfers: ChainTransfer[], confirmed = true): Promise<StoreResult[]> {
    try {
      return await this.db.transaction((tx) => this.storeAll(tx, transfers, confirmed));
    } catch (err) {
      if (!(err instanceof DuplicateReferenceError) && !(err instanceof PageConflict)) throw err;
      const results: StoreResult[] = [];
      for (const t of transfers) results.push(await this.store(t, confirmed));
      return results;
    }
  }

  private async storeAll(tx: Tx, transfers: ChainTransfer[], confirmed: boolean): Promise<StoreResult[]> {
    const stored = await this.repo.in(tx).insertMany(transfers, confirmed);
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

  async store(t: ChainTransfer, confirmed = true): Promise<StoreResult> {
    try {
      return await this.db.transaction(async (tx) => {
        const id = await this.repo.in(tx).insert(t, confirmed);
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

  /**
   * Transfers stored while `usdt_only_confirmed` was off are credited before the chain confirmed them.
   * Each watcher cycle re-checks up to 50 of them (least recently checked first) against TronGrid's
   * confirmed history of their address: one seen there is confirmed and left alone from then on. One
   * missing from the confirmed and the unconfirmed history alike, 5 minutes after its block (or never
   * confirmed within a day), has vanished: flagged (`vanished_at`, in USDT转账记录) and audited
   * `usdt_transfer.vanished`, once, for an admin to act on; the credit is not taken back by itself.
   */
  async recheckUnconfirmed(
    client: TronGridClient,
    contract: string,
    log?: { warn(o: object, msg: string): void },
  ): Promise<{ confirmed: number; vanished: number }> {
    const now = this.now();
    const byAddress = new Map<string, TransferRecord[]>();
    for (const r of await this.repo.nextUnconfirmed(RECHECK_BATCH, now))
      byAddress.set(r.to_address, [...(byAddress.get(r.to_address) ?? []), r]);
    let confirmed = 0;
    let vanished = 0;
    for (const [address, rows] of byAddress) {
      const oldest = Math.min(...rows.map((r) => r.block_time.getTime()));
      const query = {
        address,
        contract,
        minTimestamp: Math.max(0, oldest - BEFORE_BLOCK_MS),
        maxPages: RECHECK_PAGES,
      };
      let onChain: Set<string>;
      let pending = new Set<string>();
      try {
        onChain = await client.txIdsInto({ ...query, unconfirmed: false });
        if (rows.some((r) => !onChain.has(r.tx_id)))
          pending = await client.txIdsInto({ ...query, unconfirmed: true });
      } catch (err) {
        if (!(err instanceof TronGridUnavailableError)) throw err;
        log?.warn({ address, err: err.message }, 'unconfirmed transfers: TronGrid unavailable; next cycle');
        continue;
      }
      const seen = rows.filter((r) => onChain.has(r.tx_id));
      await this.repo.setConfirmed(seen.map((r) => Number(r.id)));
      confirmed += seen.length;
      for (const r of rows) {
        if (onChain.has(r.tx_id)) continue;
        const age = now.getTime() - r.block_time.getTime();
        if (age < (pending.has(r.tx_id) ? UNCONFIRMED_RECHECK_MS : VANISHED_AFTER_MS)) continue;
        const flagged = await this.db.transaction(async (tx) => {
          if (!(await this.repo.in(tx).setVanished(Number(r.id), now))) return false;
          await this.audit.record(
            {
              actorId: null,
              ip: '',
              action: 'usdt_transfer.vanished',
              target: `usdt_transfer:${r.id}`,
              before: { status: r.status, recharge_id: r.recharge_id, user_id: r.user_id },
              after: {
                tx_id: r.tx_id,
                amount: formatMicros(BigInt(r.amount)),
                reason: pending.has(r.tx_id) ? 'not confirmed within a day' : 'no longer on the chain',
              },
            },
            tx,
          );
          return true;
        });
        if (!flagged) continue;
        vanished += 1;
        log?.warn(
          { transfer: r.id, txId: r.tx_id, status: r.status, userId: r.user_id },
          'a transfer stored unconfirmed vanished from the chain; its credit stands until an admin acts',
        );
      }
    }
    return { confirmed, vanished };
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
