import { ERROR, formatMicros, parseMicros, type WithdrawalRow } from '@tally/contracts';
import type { Transactor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { lockUser } from '../../db/user-lock.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Notices } from '../telegram/notices.service.js';
import { runOnce } from './once.js';
import type { TronGridClient } from './trongrid.client.js';
import type { WithdrawalPayments } from './withdrawal-payments.js';
import type { WithdrawalFilter, WithdrawalRecord, WithdrawalsRepository } from './withdrawals.repository.js';

export const WITHDRAWAL_STATE = 'This withdrawal is not in a state that allows this.';
export const hashUsed = (id: number | string) => `This transaction hash already paid withdrawal #${id}.`;
/** Unverified paid withdrawals the watcher re-checks per cycle (each costs one or a few requests). */
const RECHECK_BATCH = 50;

const isHashTaken = (err: unknown) => isUniqueViolation(err, 'withdrawals_tx_key');

const toRow = (r: WithdrawalRecord): WithdrawalRow => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  username: r.username,
  amount: formatMicros(BigInt(r.amount)),
  fee: formatMicros(BigInt(r.fee)),
  address: r.address,
  status: r.status,
  reason: r.reason,
  tx_id: r.tx_id,
  chain_verified_at: r.chain_verified_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  decided_at: r.decided_at?.toISOString() ?? null,
  paid_at: r.paid_at?.toISOString() ?? null,
});

const STATE_TEXT: Record<WithdrawalRecord['status'], { zh: string; en: string }> = {
  pending: { zh: '待审核', en: 'is waiting for review' },
  approved: { zh: '已批准', en: 'was approved' },
  rejected: {
    zh: '已拒绝，金额与手续费已退回余额',
    en: 'was rejected; amount and fee are back in your balance',
  },
  paid: { zh: '已打款', en: 'was paid' },
};

const paidWithdrawal = (w: WithdrawalRecord) => ({
  address: w.address,
  amount: BigInt(w.amount),
  createdAt: w.created_at,
});

const utcDayStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Withdrawals (提现记录): amount + fee is held through the ledger the moment one is asked for, in the
 * same transaction as its row. The ledger's posting never takes a balance below zero, so requests at
 * once can together hold at most the balance; the rest are refused (422 INSUFFICIENT_BALANCE).
 */
export class WithdrawalsService {
  constructor(
    private readonly repo: WithdrawalsRepository,
    private readonly settings: SettingsService,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly payments: WithdrawalPayments,
    private readonly db: Transactor,
    private readonly now: () => Date,
    private readonly notices: Notices,
  ) {}

  async create(
    userId: number,
    v: { amount: bigint; address: string; request_id?: string },
  ): Promise<WithdrawalRow> {
    const s = await this.settings.all();
    const min = parseMicros(s.withdrawal_min) ?? 0n;
    const fee = parseMicros(s.withdrawal_fee) ?? 0n;
    const daily = parseMicros(s.withdrawal_daily_limit) ?? 0n;
    if (v.amount < min) throw fieldError('amount', `at least ${s.withdrawal_min} USDT`);
    const requestId = v.request_id;
    const id = await this.db
      .transaction(async (tx) => {
        const repo = this.repo.in(tx);
        // One user's requests in turn, so the daily limit below is read by one request at a time.
        await lockUser(tx, userId);
        // A repeat of a request already stored answers that withdrawal. Looked for under the user's lock:
        // a repeat sent at the same time waits here for the first to commit, then finds its row (a lookup
        // before the lock found nothing, and the repeat's insert met the UNIQUE key: a 500).
        if (requestId) {
          const earlier = await repo.byRequestId(userId, requestId);
          if (earlier) return Number(earlier.id);
        }
        if (daily > 0n) {
          const left = daily - (await repo.askedSince(userId, utcDayStart(this.now())));
          if (v.amount > left)
            throw fieldError(
              'amount',
              `over the daily limit: ${formatMicros(left > 0n ? left : 0n)} USDT left today`,
            );
        }
        const id = await repo.insert({
          userId,
          amount: v.amount,
          fee,
          address: v.address,
          requestId: requestId ?? null,
        });
        await this.ledger.post(
          {
            userId,
            account: 'balance',
            kind: 'withdrawal_hold',
            amount: -(v.amount + fee),
            ref: { type: 'withdrawal', id: String(id) },
            actorId: userId,
            note: v.address,
          },
          tx,
        );
        return id;
      })
      .catch(async (err: unknown) => {
        // The user's lock makes this unreachable; should the key still refuse a repeat, it answers the first.
        const earlier =
          requestId && isUniqueViolation(err, 'withdrawals_request_key')
            ? await this.repo.byRequestId(userId, requestId)
            : undefined;
        if (!earlier) throw err;
        return Number(earlier.id);
      });
    return this.byId(id);
  }

  async byId(id: number): Promise<WithdrawalRow> {
    const row = await this.repo.byId(id);
    if (!row) throw notFound();
    return toRow(row);
  }

  async list(f: WithdrawalFilter & { page: number; limit: number }) {
    const { rows, total, sum } = await this.repo.list(f, f.page, f.limit);
    return { list: rows.map(toRow), total, page: f.page, limit: f.limit, sum: formatMicros(sum) };
  }

  approve(id: number, actor: Actor) {
    return this.move(id, ['pending'], 'approved', actor, {});
  }

  /** Rejected with a reason; amount + fee go back to the balance (withdrawal_release, once). */
  reject(id: number, reason: string, actor: Actor) {
    return this.move(id, ['pending', 'approved'], 'rejected', actor, { reason });
  }

  /**
   * Paid with a transaction hash, checked against the chain first: a hash TronGrid shows paying another
   * token or amount is refused (422 on `tx_id`, nothing changes); one it shows paying this withdrawal
   * is `chain_verified_at` now; one it does not show yet is paid but unverified until the watcher sees
   * it. A hash pays one withdrawal only (`withdrawals_tx_key`).
   */
  async markPaid(id: number, txId: string, actor: Actor): Promise<WithdrawalRow> {
    const w = await this.repo.byId(id);
    if (!w) throw notFound();
    if (w.status !== 'approved') throw new AppError(ERROR.CONFLICT, 409, WITHDRAWAL_STATE);
    const used = await this.repo.byTxId(txId);
    if (used) throw fieldError('tx_id', hashUsed(used.id));
    const check = await this.payments.check(await this.payments.client(), paidWithdrawal(w), txId, true);
    if (check.state === 'mismatch') throw fieldError('tx_id', check.message);
    const verifiedAt = check.state === 'verified' ? this.now() : undefined;
    try {
      return await this.move(id, ['approved'], 'paid', actor, { txId, verifiedAt }, { chain: check.state });
    } catch (err) {
      // Another admin marked a withdrawal paid with the same hash between our read and our update.
      if (isHashTaken(err)) {
        const winner = await this.repo.byTxId(txId);
        throw fieldError('tx_id', winner ? hashUsed(winner.id) : WITHDRAWAL_STATE);
      }
      throw err;
    }
  }

  /**
   * The watcher's re-check of paid withdrawals the chain did not show yet (with its client, so under
   * its rate): each one TronGrid now shows confirmed and matching is verified, once, audited. One that
   * shows another token or amount cannot be refused any more (it is paid): it stays unverified, warned.
   */
  async verifyPaid(
    client: TronGridClient,
    log?: { warn(o: object, msg: string): void },
    batch = RECHECK_BATCH,
  ): Promise<number> {
    let verified = 0;
    for (const w of await this.repo.nextToRecheck(batch, this.now())) {
      const check = await this.payments.check(client, paidWithdrawal(w), w.tx_id ?? '', false);
      if (check.state === 'mismatch')
        log?.warn({ withdrawal: w.id, reason: check.message }, 'paid withdrawal');
      if (check.state !== 'verified') continue;
      const done = await this.db.transaction(async (tx) => {
        if (!(await this.repo.in(tx).setVerified(Number(w.id), this.now()))) return false;
        await this.audit.record(
          {
            actorId: null,
            ip: '',
            action: 'withdrawal.chain_verified',
            target: `withdrawal:${w.id}`,
            after: { tx_id: w.tx_id },
          },
          tx,
        );
        return true;
      });
      if (done) verified += 1;
    }
    return verified;
  }

  private async move(
    id: number,
    from: readonly string[],
    to: 'approved' | 'rejected' | 'paid',
    actor: Actor,
    v: { reason?: string; txId?: string; verifiedAt?: Date },
    audited: Record<string, unknown> = {},
  ): Promise<WithdrawalRow> {
    await runOnce(WITHDRAWAL_STATE, () =>
      this.db.transaction(async (tx) => {
        const row = await this.repo.in(tx).transition(id, from, to, { ...v, now: this.now() });
        if (!row) {
          if (!(await this.repo.in(tx).byId(id))) throw notFound();
          throw new AppError(ERROR.CONFLICT, 409, WITHDRAWAL_STATE);
        }
        if (to === 'rejected')
          await this.ledger.post(
            {
              userId: Number(row.user_id),
              account: 'balance',
              kind: 'withdrawal_release',
              amount: BigInt(row.amount) + BigInt(row.fee),
              ref: { type: 'withdrawal', id: String(id) },
              actorId: actor.userId,
              note: v.reason ?? '',
            },
            tx,
          );
        await this.audit.record(
          {
            actorId: actor.userId,
            ip: actor.ip,
            action: `withdrawal.${to === 'paid' ? 'mark_paid' : to === 'approved' ? 'approve' : 'reject'}`,
            target: `withdrawal:${id}`,
            after: { status: to, reason: v.reason, tx_id: v.txId, ...audited },
          },
          tx,
        );
      }),
    );
    const row = await this.repo.byId(id);
    if (row) await this.tell(row);
    // Its linked Telegram account hears it too (queued; never fails the decision).
    if (row)
      await this.notices.tell(Number(row.user_id), {
        kind: 'withdrawal',
        id,
        status: to,
        amount: formatMicros(BigInt(row.amount)),
        reason: row.reason,
        txId: row.tx_id,
      });
    return toRow(row as WithdrawalRecord);
  }

  /** The user hears of each decision by mail (queued after the change committed; both languages). */
  private async tell(w: WithdrawalRecord): Promise<void> {
    const state = STATE_TEXT[w.status];
    const amount = formatMicros(BigInt(w.amount));
    const lines = [
      `提现 #${w.id}（${amount} USDT → ${w.address}）${state.zh}。`,
      `Withdrawal #${w.id} (${amount} USDT to ${w.address}) ${state.en}.`,
    ];
    if (w.reason) lines.push(`原因 / Reason: ${w.reason}`);
    if (w.tx_id) lines.push(`交易哈希 / Transaction: ${w.tx_id}`);
    await this.mail.send({
      to: w.email,
      subject: `提现${state.zh} / Withdrawal ${state.en}`,
      sections: [{ text: lines.join('\n') }],
    });
  }

  pending() {
    return this.repo.pending();
  }
}
