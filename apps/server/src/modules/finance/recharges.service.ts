import { randomBytes, randomInt } from 'node:crypto';
import { ERROR, formatMicros, parseMicros, type RechargeRow } from '@tally/contracts';
import type { Transactor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { lockUser } from '../../db/user-lock.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import type { AddressesRepository } from './addresses.repository.js';
import { runOnce } from './once.js';
import type { RechargeFilter, RechargeRecord, RechargesRepository } from './recharges.repository.js';

/**
 * Offsets added to the asked amount: 0.000000 to 0.009999 USDT, the 3rd–6th decimals. 10,000 of them per
 * amount and address: one account holds at most what its creation throttle lets it make within one
 * amount's hold (expiry + grace, at most 48 h: 10 an hour, 490), so it cannot use up an amount for
 * everyone else (with 1,000, one account's 2,000 requests in 75 s did, for an hour).
 */
const OFFSETS = 10_000n;
/** Recharges one user may have waiting for payment at once. */
export const OPEN_RECHARGES_PER_USER = 3;
/** Recharges one user may create per hour (every request counts, refused ones too). */
const CREATIONS_PER_HOUR = 10;

export const RECHARGE_CLOSED = 'Recharging is closed: no receiving address is enabled.';
export const AMOUNTS_BUSY = 'Too many recharges of this amount are waiting; try a slightly different amount.';
export const tooManyOpen = (n: number) =>
  `You have ${n} recharges waiting for payment; pay or cancel one first.`;
export const RECHARGES_THROTTLED = 'Too many recharges asked for in the last hour; please try again later.';
export const NOT_CANCELLABLE = 'This recharge can no longer be cancelled.';
export const ALREADY_PAID = 'This recharge is paid already.';

export const toRechargeRow = (r: RechargeRecord): RechargeRow => ({
  id: Number(r.id),
  order_no: r.order_no,
  user_id: Number(r.user_id),
  username: r.username,
  amount: formatMicros(BigInt(r.amount)),
  payable: formatMicros(BigInt(r.payable)),
  address: r.address,
  status: r.status,
  tx_id: r.tx_id,
  expires_at: r.expires_at.toISOString(),
  locked_until: r.locked_until.toISOString(),
  paid_at: r.paid_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

const newOrderNo = (now: Date) =>
  `R${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * Recharges: the user asks an amount and gets a payable amount unique among the live recharges of one
 * address (reserved through expiry + grace by a partial UNIQUE index), so a transfer of that exact
 * amount to that address names one recharge. Credits go through the ledger, once per recharge.
 */
export class RechargesService {
  constructor(
    private readonly repo: RechargesRepository,
    private readonly addresses: AddressesRepository,
    private readonly settings: SettingsService,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly db: Transactor,
    private readonly now: () => Date,
    private readonly throttle: ThrottleService,
  ) {}

  async options() {
    const s = await this.settings.all();
    const open = (await this.addresses.enabledForRecharge()).length > 0;
    return {
      min: s.recharge_min,
      max: s.recharge_max,
      expiry_minutes: s.recharge_expiry_minutes,
      withdrawal_min: s.withdrawal_min,
      withdrawal_fee: s.withdrawal_fee,
      withdrawal_daily_limit: s.withdrawal_daily_limit,
      open,
    };
  }

  async create(userId: number, amount: bigint): Promise<RechargeRow> {
    const s = await this.settings.all();
    const min = parseMicros(s.recharge_min) ?? 0n;
    const max = parseMicros(s.recharge_max) ?? 0n;
    if (amount < min) throw fieldError('amount', `at least ${s.recharge_min} USDT`);
    if (amount > max) throw fieldError('amount', `at most ${s.recharge_max} USDT`);
    await this.throttle.check({
      key: `recharge:user:${userId}`,
      max: CREATIONS_PER_HOUR,
      windowSec: 3600,
      message: RECHARGES_THROTTLED,
    });
    const candidates = await this.addresses.enabledForRecharge();
    if (candidates.length === 0) throw new AppError(ERROR.CONFLICT, 409, RECHARGE_CLOSED);
    for (const address of candidates) {
      // Two requests may pick the same free offset; the UNIQUE index refuses the second, which tries again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const id = await this.tryCreate(userId, address.id, amount, s).catch((err: unknown) => {
          if (isUniqueViolation(err)) return undefined;
          throw err;
        });
        if (id === null) break; // this address has no free offset for the amount
        if (id !== undefined) return this.byId(id);
      }
    }
    throw fieldError('amount', AMOUNTS_BUSY);
  }

  /** The new recharge's id; null when every offset of the amount is reserved on this address. */
  private tryCreate(
    userId: number,
    addressId: number,
    amount: bigint,
    s: { recharge_expiry_minutes: number; recharge_grace_minutes: number },
  ): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo.in(tx);
      if (!(await this.addresses.in(tx).lockEnabled(addressId))) return null;
      const now = this.now();
      await repo.sweep(now);
      // The user's requests in turn (after the sweep's row locks, in the watcher's order: recharges,
      // then users), so two at once cannot both find room under the cap.
      await lockUser(tx, userId);
      if ((await repo.openCount(userId)) >= OPEN_RECHARGES_PER_USER)
        throw fieldError('amount', tooManyOpen(OPEN_RECHARGES_PER_USER));
      const held = await repo.heldPayables(addressId, amount, amount + OFFSETS - 1n);
      const free: bigint[] = [];
      for (let o = 0n; o < OFFSETS; o++) if (!held.has(amount + o)) free.push(amount + o);
      if (free.length === 0) return null;
      // A random free offset, so two requests at once rarely collide on the same one.
      const payable = free[randomInt(free.length)] as bigint;
      const expiresAt = new Date(now.getTime() + s.recharge_expiry_minutes * 60_000);
      const lockedUntil = new Date(expiresAt.getTime() + s.recharge_grace_minutes * 60_000);
      return repo.insert({
        orderNo: newOrderNo(now),
        userId,
        addressId,
        amount,
        payable,
        expiresAt,
        lockedUntil,
        createdAt: now,
      });
    });
  }

  async byId(id: number, userId?: number): Promise<RechargeRow> {
    const row = await this.repo.byId(id);
    if (!row || (userId !== undefined && Number(row.user_id) !== userId)) throw notFound();
    return toRechargeRow(row);
  }

  async list(f: RechargeFilter & { page: number; limit: number }) {
    await this.repo.sweep(this.now());
    const { rows, total, sum } = await this.repo.list(f, f.page, f.limit);
    return { list: rows.map(toRechargeRow), total, page: f.page, limit: f.limit, sum: formatMicros(sum) };
  }

  /** The user's own cancel (`userId`) or an admin's (audited). The amount stays reserved until expiry + grace. */
  async cancel(id: number, by: { userId: number } | { actor: Actor }): Promise<RechargeRow> {
    await this.db.transaction(async (tx) => {
      const own = 'userId' in by ? by.userId : undefined;
      if (!(await this.repo.in(tx).cancel(id, own))) {
        const row = await this.repo.in(tx).byId(id);
        if (!row || (own !== undefined && Number(row.user_id) !== own)) throw notFound();
        throw new AppError(ERROR.CONFLICT, 409, NOT_CANCELLABLE);
      }
      if ('actor' in by)
        await this.audit.record(
          { actorId: by.actor.userId, ip: by.actor.ip, action: 'recharge.cancel', target: `recharge:${id}` },
          tx,
        );
    });
    return this.byId(id);
  }

  /** An admin credits a recharge without a matched transfer (money seen elsewhere): reason required, audited, once. */
  async markPaid(id: number, reason: string, txId: string | undefined, actor: Actor): Promise<RechargeRow> {
    await runOnce(ALREADY_PAID, () =>
      this.db.transaction(async (tx) => {
        const repo = this.repo.in(tx);
        const row = await repo.byId(id, true);
        if (!row) throw notFound();
        if (!(await repo.markPaid(id, null, this.now())))
          throw new AppError(ERROR.CONFLICT, 409, ALREADY_PAID);
        await this.ledger.post(
          {
            userId: Number(row.user_id),
            account: 'balance',
            kind: 'recharge',
            amount: BigInt(row.payable),
            ref: { type: 'recharge', id: String(id) },
            actorId: actor.userId,
            note: `${row.order_no} ${reason}`,
          },
          tx,
        );
        await this.audit.record(
          {
            actorId: actor.userId,
            ip: actor.ip,
            action: 'recharge.mark_paid',
            target: `recharge:${id}`,
            before: { status: row.status },
            after: { status: 'paid', reason, tx_id: txId ?? null },
          },
          tx,
        );
      }),
    );
    return this.byId(id);
  }

  paidSince(since: Date) {
    return this.repo.paidSince(since);
  }
}
