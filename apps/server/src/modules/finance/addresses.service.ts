import { type AuditAction, ERROR, formatMicros, type UsdtAddressRow } from '@tally/contracts';
import type { Transactor } from '../../db/client.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { AddressesRepository, AddressRecord } from './addresses.repository.js';

export const ADDRESS_IN_USE = 'This address has live recharges; disable it once they have ended.';
export const ADDRESS_TAKEN = 'This address is listed already.';

const toRow = (r: AddressRecord): UsdtAddressRow => ({
  id: Number(r.id),
  address: r.address,
  label: r.label,
  enabled: r.enabled,
  last_balance: r.last_balance === null ? null : formatMicros(BigInt(r.last_balance)),
  last_balance_at: r.last_balance_at?.toISOString() ?? null,
  live_recharges: Number(r.live_recharges),
  created_at: r.created_at.toISOString(),
});

/** USDT管理: the receiving addresses. A change and its audit row commit together. */
export class AddressesService {
  constructor(
    private readonly repo: AddressesRepository,
    private readonly audit: AuditService,
    private readonly db: Transactor,
  ) {}

  async list(q: { page: number; limit: number; enabled?: '0' | '1'; keyword?: string }) {
    const enabled = q.enabled === undefined ? undefined : q.enabled === '1';
    const { rows, total } = await this.repo.list({ enabled, keyword: q.keyword }, q.page, q.limit);
    return { list: rows.map(toRow), total, page: q.page, limit: q.limit };
  }

  async save(v: { id?: number; address: string; label: string; enabled: boolean }, actor: Actor) {
    return this.db.transaction(async (tx) => {
      const repo = this.repo.in(tx);
      if (v.id === undefined) {
        const id = await repo.insert(v);
        if (id === undefined) throw fieldError('address', ADDRESS_TAKEN);
        await this.audit.record({ ...entry(actor, 'usdt_address.create', id), after: v }, tx);
        return toRow((await repo.byId(id)) as AddressRecord);
      }
      const before = await repo.byId(v.id, true);
      if (!before) throw notFound();
      // The address itself never changes: recharges and transfers name it.
      if (before.address !== v.address)
        throw fieldError('address', 'an address cannot be changed; add a new one');
      if (before.enabled && !v.enabled) refuseIfLive(before);
      await repo.update(v.id, v);
      await this.audit.record(
        {
          ...entry(actor, 'usdt_address.update', v.id),
          before: pick(before),
          after: { label: v.label, enabled: v.enabled },
        },
        tx,
      );
      return toRow((await repo.byId(v.id)) as AddressRecord);
    });
  }

  async setEnabled(id: number, enabled: boolean, actor: Actor) {
    const current = await this.repo.byId(id);
    if (!current) throw notFound();
    return this.save({ id, address: current.address, label: current.label, enabled }, actor);
  }
}

/**
 * A live recharge tells its user to pay this address until expiry + grace: disabling it now would
 * strand that payment, so it is refused (the row is locked, so no recharge starts meanwhile).
 */
function refuseIfLive(address: AddressRecord): void {
  if (Number(address.live_recharges) > 0)
    throw new AppError(ERROR.CONFLICT, 409, ADDRESS_IN_USE, { enabled: [ADDRESS_IN_USE] });
}

const entry = (actor: Actor, action: AuditAction, id: number) => ({
  actorId: actor.userId,
  ip: actor.ip,
  action,
  target: `usdt_address:${id}`,
});
const pick = (r: AddressRecord) => ({ label: r.label, enabled: r.enabled });
