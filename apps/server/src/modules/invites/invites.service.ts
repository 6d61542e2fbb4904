import {
  type Commission,
  ERROR,
  formatMicros,
  INVITE_ERRORS,
  type Invitee,
  type InviteInfo,
  type WalletInfo,
} from '@tally/contracts';
import type { Transactor, Tx } from '../../db/client.js';
import type { ListQuery, Page } from '../../db/list-query.js';
import type { CommissionRow, OrderRow } from '../../db/schema/index.js';
import { lockUser } from '../../db/user-lock.js';
import { AppError } from '../../lib/errors.js';
import { DuplicateReferenceError, type LedgerService } from '../ledger/ledger.service.js';
import type { WalletService } from '../ledger/wallet.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { CommissionWithInvitee, InvitesRepository } from './invites.repository.js';

export interface InvitesDeps {
  repo: InvitesRepository;
  ledger: LedgerService;
  wallet: WalletService;
  settings: SettingsService;
  db: Transactor;
  clock: () => Date;
}

const HOUR_MS = 3_600_000;

/** The ledger reference of an order's commission: the credit and its reversal each apply once. */
const commissionRef = (orderId: number) => ({ type: 'commission', id: String(orderId) });

/** `ab***@example.com`: enough for the inviter to recognise someone, not to mail them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

function toCommission(c: CommissionWithInvitee): Commission {
  return {
    id: c.id,
    invitee: c.invitee,
    order_total: formatMicros(c.orderTotalMicros),
    rate: c.rate,
    amount: formatMicros(c.amountMicros),
    status: c.status,
    due_at: c.dueAt.toISOString(),
    credited_at: c.creditedAt?.toISOString() ?? null,
    reversed: formatMicros(c.reversedMicros),
    unrecovered: formatMicros(c.unrecoveredMicros),
    created_at: c.createdAt.toISOString(),
  };
}

/**
 * 邀请返利 (README.md): a commission is scheduled in the invitee's paying transaction, credited by the
 * `invites.credit-due` job after the delay, cancelled or reversed in the refunding transaction. Money
 * moves only through `ledger.post`, in the same transaction as the commission row.
 */
export class InvitesService {
  constructor(private readonly deps: InvitesDeps) {}

  /** Payment hook: floor(total × rate / 100) for the inviter, due after the delay; none below 1 micro. */
  async schedule(order: OrderRow, tx: Tx): Promise<void> {
    if (order.totalMicros <= 0n) return;
    const repo = this.deps.repo.in(tx);
    const inviterId = await repo.inviterOf(order.userId);
    if (inviterId === null || inviterId === order.userId) return;
    const rate = await this.deps.settings.getIn('commission_rate', tx);
    const delay = await this.deps.settings.getIn('commission_delay_hours', tx);
    const amount = (order.totalMicros * BigInt(rate)) / 100n;
    if (amount <= 0n) return;
    const paidAt = order.paidAt ?? this.deps.clock();
    await repo.insert({
      orderId: order.id,
      inviterId,
      inviteeId: order.userId,
      orderTotalMicros: order.totalMicros,
      rate,
      amountMicros: amount,
      dueAt: new Date(paidAt.getTime() + delay * HOUR_MS),
    });
  }

  /**
   * Refund hook. Not credited yet: cancelled, it never will be. Credited: a `commission_reversal` of
   * what the inviter's commission account holds, up to the amount; a part they moved out already is
   * recorded as `unrecovered` (the account never goes below zero, and the refund is never refused).
   */
  async reverse(order: OrderRow, tx: Tx): Promise<void> {
    const repo = this.deps.repo.in(tx);
    const c = await repo.lockForOrder(order.id);
    if (!c) return;
    const now = this.deps.clock();
    if (c.status === 'pending') {
      await repo.settle(c.id, { status: 'cancelled', reversedMicros: 0n, unrecoveredMicros: 0n }, now);
      return;
    }
    if (c.status !== 'credited') return;
    // The commission balance read next is the one the reversal posts against.
    await lockUser(tx, c.inviterId);
    const { commission } = await this.deps.ledger.balances(c.inviterId, tx);
    // What the account cannot cover stays unrecovered (bigints: no Math.min).
    const short = c.amountMicros - commission;
    const taken = short > 0n ? commission : c.amountMicros;
    if (taken > 0n)
      await this.deps.ledger.post(
        {
          userId: c.inviterId,
          account: 'commission',
          kind: 'commission_reversal',
          amount: -taken,
          ref: commissionRef(c.orderId),
          actorId: null,
          note: order.no,
        },
        tx,
      );
    await repo.settle(
      c.id,
      { status: 'reversed', reversedMicros: taken, unrecoveredMicros: c.amountMicros - taken },
      now,
    );
  }

  /**
   * The job: credits every commission whose delay has passed, each in its own transaction (one row
   * locked at a time, so a refund waiting on it never deadlocks with the job). Two workers skip each
   * other's rows; the ledger's unique reference would refuse a second credit anyway. How many.
   */
  async creditDue(max = 1000): Promise<number> {
    let credited = 0;
    while (credited < max && (await this.creditOne())) credited++;
    return credited;
  }

  private async creditOne(): Promise<boolean> {
    let taken: CommissionRow | undefined;
    try {
      return await this.deps.db.transaction(async (tx) => {
        const repo = this.deps.repo.in(tx);
        const now = this.deps.clock();
        taken = await repo.lockDue(now);
        if (!taken) return false;
        await this.deps.ledger.post(
          {
            userId: taken.inviterId,
            account: 'commission',
            kind: 'commission',
            amount: taken.amountMicros,
            ref: commissionRef(taken.orderId),
            actorId: null,
          },
          tx,
        );
        await repo.markCredited(taken.id, now);
        return true;
      });
    } catch (err) {
      // The reference was applied already (modules/ledger): the money is in; record the row as
      // credited rather than fail on it at every run and hold back the ones due after it.
      if (!(err instanceof DuplicateReferenceError) || !taken) throw err;
      await this.deps.repo.markCredited(taken.id, this.deps.clock());
      return true;
    }
  }

  async info(userId: number): Promise<InviteInfo> {
    const [code, totals, balances, rate, delay, open, weburl] = await Promise.all([
      this.deps.repo.inviteCode(userId),
      this.deps.repo.totals(userId),
      this.deps.ledger.balances(userId),
      this.deps.settings.get('commission_rate'),
      this.deps.settings.get('commission_delay_hours'),
      this.deps.settings.get('commission_transfer_open'),
      this.deps.settings.get('weburl'),
    ]);
    const path = `/register?code=${encodeURIComponent(code ?? '')}`;
    return {
      invite_code: code ?? '',
      link: weburl ? `${weburl.replace(/\/+$/, '')}${path}` : path,
      invitees: totals.invitees,
      commission_rate: rate,
      commission_delay_hours: delay,
      commission_pending: formatMicros(totals.pending),
      commission_credited: formatMicros(totals.credited),
      commission_balance: formatMicros(balances.commission),
      commission_transfer: open,
    };
  }

  async invitees(userId: number, query: ListQuery): Promise<Page<Invitee>> {
    const page = await this.deps.repo.invitees(userId, query);
    return {
      ...page,
      list: page.list.map((u) => ({
        id: u.id,
        username: u.username,
        email: maskEmail(u.email),
        joined_at: u.createdAt.toISOString(),
        paid_total: formatMicros(u.paidMicros),
      })),
    };
  }

  async commissions(
    userId: number,
    status: Commission['status'] | undefined,
    query: ListQuery,
  ): Promise<Page<Commission>> {
    const page = await this.deps.repo.commissions(userId, status, query);
    return { ...page, list: page.list.map(toCommission) };
  }

  /** The whole commission balance → the balance, through the wallet's transfer (setting, reference). */
  async transferAll(userId: number, requestId?: string): Promise<WalletInfo> {
    const { commission } = await this.deps.ledger.balances(userId);
    if (commission > 0n) return this.deps.wallet.transferCommission(userId, commission, requestId);
    // Nothing left: a repeat of a transfer that went through answers as the first one did.
    if (requestId && (await this.deps.wallet.transferDone(userId, requestId)))
      return this.deps.wallet.info(userId);
    throw new AppError(ERROR.INSUFFICIENT_BALANCE, 422, INVITE_ERRORS.nothingToMove, {
      amount: [INVITE_ERRORS.nothingToMove],
    });
  }
}
