import { randomBytes } from 'node:crypto';
import {
  BILLING_ERRORS,
  type Coupon,
  type couponGenerateBodySchema,
  type couponSaveBodySchema,
  formatMicros,
  type PlanPeriod,
} from '@tally/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { ListQuery } from '../../db/list-query.js';
import type { CouponRow } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { CouponsRepository, CouponValues } from './coupons.repository.js';
import { checkCouponTerms } from './pricing.js';

type CouponSave = z.output<typeof couponSaveBodySchema>;
type CouponGenerate = z.output<typeof couponGenerateBodySchema>;
type CouponTerms = Omit<CouponSave, 'id' | 'code'>;

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.amountMicros === null ? null : formatMicros(row.amountMicros),
    percent: row.percent,
    plan_ids: row.planIds,
    periods: row.periods as PlanPeriod[],
    total_limit: row.totalLimit,
    per_user_limit: row.perUserLimit,
    used: row.used,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    shown: row.shown,
    enabled: row.enabled,
    note_zh: row.noteZh,
    note_en: row.noteEn,
    created_at: row.createdAt.toISOString(),
  };
}

function toValues(code: string, t: CouponTerms): CouponValues {
  return {
    code,
    kind: t.kind,
    // Only the field of the kind is kept, so a percent coupon never carries a stale amount.
    amountMicros: t.kind === 'fixed' ? t.amount : null,
    percent: t.kind === 'percent' ? t.percent : null,
    planIds: t.plan_ids,
    periods: t.periods,
    totalLimit: t.total_limit,
    perUserLimit: t.per_user_limit,
    startsAt: t.starts_at ? new Date(t.starts_at) : null,
    endsAt: t.ends_at ? new Date(t.ends_at) : null,
    shown: t.shown,
    enabled: t.enabled,
    noteZh: t.note_zh,
    noteEn: t.note_en,
  };
}

/** 10 characters of an alphabet without look-alikes (0/O, 1/I/L): about 48 bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function randomCode(prefix: string): string {
  const bytes = randomBytes(10);
  return prefix + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** 优惠券: codes given or generated, fixed or percent, limits enforced by the paying transaction. */
export class CouponsService {
  constructor(
    private readonly repo: CouponsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(keyword: string | undefined, query: ListQuery) {
    const page = await this.repo.list(keyword, query);
    return { ...page, list: page.list.map(toCoupon) };
  }

  async shown(now = new Date()): Promise<Coupon[]> {
    return (await this.repo.shown(now)).map(toCoupon);
  }

  async save(body: CouponSave, actor: Actor): Promise<Coupon> {
    const { id, code, ...terms } = body;
    if (id === undefined) {
      const newId = await this.repo.insert(toValues(code ?? randomCode(''), terms));
      if (newId === undefined) throw fieldError('code', BILLING_ERRORS.codeTaken);
      const saved = toCoupon((await this.repo.findById(newId))!);
      await this.audit.record({
        actorId: actor.userId,
        ip: actor.ip,
        action: 'coupons.create',
        target: `coupon:${newId}`,
        after: saved,
      });
      return saved;
    }
    const before = await this.repo.findById(id);
    if (!before) throw notFound('No such coupon');
    const other = code ? await this.repo.findByCode(code) : undefined;
    if (other && other.id !== id) throw fieldError('code', BILLING_ERRORS.codeTaken);
    await this.repo.update(id, toValues(code ?? before.code, terms));
    const saved = toCoupon((await this.repo.findById(id))!);
    await this.audit.record({
      actorId: actor.userId,
      ip: actor.ip,
      action: 'coupons.update',
      target: `coupon:${id}`,
      before: toCoupon(before),
      after: saved,
    });
    return saved;
  }

  /** A batch of `count` coupons with the same terms and random codes (a taken code draws again). */
  async generate(body: CouponGenerate, actor: Actor): Promise<Coupon[]> {
    const { count, prefix, ...terms } = body;
    const ids: number[] = [];
    for (let tries = 0; ids.length < count && tries < count * 3; tries++) {
      const id = await this.repo.insert(toValues(randomCode(prefix), terms));
      if (id !== undefined) ids.push(id);
    }
    await this.audit.record({
      actorId: actor.userId,
      ip: actor.ip,
      action: 'coupons.generate',
      target: `coupons:${ids.length}`,
      after: { count: ids.length, prefix },
    });
    const rows = await Promise.all(ids.map((id) => this.repo.findById(id)));
    return rows.filter((r): r is CouponRow => r !== undefined).map(toCoupon);
  }

  async setEnabled(id: number, enabled: boolean, actor: Actor): Promise<void> {
    if (!(await this.repo.findById(id))) throw notFound('No such coupon');
    await this.repo.update(id, { enabled });
    await this.audit.record({
      actorId: actor.userId,
      ip: actor.ip,
      action: 'coupons.switch',
      target: `coupon:${id}`,
      after: { enabled },
    });
  }

  /** Deletes unused coupons; a used one is disabled instead (its orders keep pointing at it). */
  async delete(ids: number[], actor: Actor): Promise<void> {
    const kept = await this.repo.delete(ids);
    for (const id of kept) await this.repo.update(id, { enabled: false });
    await this.audit.record({
      actorId: actor.userId,
      ip: actor.ip,
      action: 'coupons.delete',
      target: ids.map((id) => `coupon:${id}`).join(','),
      after: { disabled_instead: kept },
    });
  }

  /** The coupon a quote or new order names, checked against its terms and the user's uses (422 on `coupon`). */
  async usable(
    code: string,
    planId: number,
    period: PlanPeriod,
    userId: number,
    now: Date,
  ): Promise<CouponRow> {
    const coupon = await this.repo.findByCode(code);
    if (!coupon) throw fieldError('coupon', BILLING_ERRORS.couponUnknown);
    checkCouponTerms(coupon, planId, period, now);
    if (coupon.perUserLimit !== null && (await this.repo.usesBy(coupon.id, userId)) >= coupon.perUserLimit)
      throw fieldError('coupon', BILLING_ERRORS.couponPerUser);
    return coupon;
  }

  /**
   * Takes one use for a paid order, inside its transaction. The total limit is the UPDATE's condition
   * (and a CHECK); the per-user limit is counted after that UPDATE locked the coupon's row. Either
   * refusal throws, and the payment rolls back whole.
   */
  async take(
    couponId: number,
    planId: number,
    period: PlanPeriod,
    userId: number,
    orderId: number,
    now: Date,
    tx: Tx,
  ): Promise<CouponRow> {
    const repo = this.repo.in(tx);
    const coupon = await repo.take(couponId, now);
    if (!coupon) {
      const current = await repo.findById(couponId);
      if (current) checkCouponTerms(current, planId, period, now);
      throw fieldError('coupon', current ? BILLING_ERRORS.couponUsedUp : BILLING_ERRORS.couponUnknown);
    }
    checkCouponTerms({ ...coupon, used: coupon.used - 1 }, planId, period, now);
    if (coupon.perUserLimit !== null && (await repo.usesBy(couponId, userId)) >= coupon.perUserLimit)
      throw fieldError('coupon', BILLING_ERRORS.couponPerUser);
    await repo.recordUse(couponId, userId, orderId);
    return coupon;
  }
}
