import {
  BILLING_ERRORS,
  formatMicros,
  PLAN_PERIODS,
  type Plan,
  type PlanPeriod,
  type planSaveBodySchema,
} from '@tally/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { PlanRow } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { PlansRepository, PlanValues } from './plans.repository.js';
import { PRICE_COLUMN, priceOf } from './pricing.js';

type PlanSave = z.output<typeof planSaveBodySchema>;

export function toPlan(row: PlanRow): Plan {
  const prices = Object.fromEntries(
    PLAN_PERIODS.map((p) => {
      const micros = priceOf(row, p);
      return [p, micros === null ? null : formatMicros(micros)];
    }),
  ) as Record<PlanPeriod, string | null>;
  return {
    id: row.id,
    name_zh: row.nameZh,
    name_en: row.nameEn,
    description_zh: row.descriptionZh,
    description_en: row.descriptionEn,
    prices,
    limits: {
      sites: row.maxSites,
      monthly_pageviews: row.monthlyPageviews,
      bots: row.maxBots,
      retention_days: row.retentionDays,
    },
    on_sale: row.onSale,
    sort: row.sort,
    is_free: row.isFree,
  };
}

function toValues(body: PlanSave): PlanValues {
  const prices = Object.fromEntries(PLAN_PERIODS.map((p) => [PRICE_COLUMN[p], body.prices[p]]));
  return {
    nameZh: body.name_zh,
    nameEn: body.name_en,
    descriptionZh: body.description_zh,
    descriptionEn: body.description_en,
    ...(prices as Pick<
      PlanValues,
      'priceMonth' | 'priceQuarter' | 'priceHalfYear' | 'priceYear' | 'priceOnetime'
    >),
    maxSites: body.limits.sites,
    monthlyPageviews: body.limits.monthly_pageviews,
    maxBots: body.limits.bots,
    retentionDays: body.limits.retention_days,
    onSale: body.on_sale,
    sort: body.sort,
  };
}

/** 套餐管理: plans with prices per period and limits; the free plan is seeded and can be edited, never removed. */
export class PlansService {
  constructor(
    private readonly repo: PlansRepository,
    private readonly audit: AuditService,
  ) {}

  /** Public /price: plans on sale, the free one included (it shows what an account starts with). */
  async onSale(): Promise<Plan[]> {
    return (await this.repo.list(true)).map(toPlan);
  }

  async all(): Promise<Plan[]> {
    return (await this.repo.list(false)).map(toPlan);
  }

  /** `tx` when read inside another area's transaction (a payment). */
  async row(id: number, tx?: Executor): Promise<PlanRow> {
    const row = await (tx ? this.repo.in(tx) : this.repo).findById(id);
    if (!row) throw fieldError('plan_id', 'no such plan');
    return row;
  }

  free(tx?: Executor): Promise<PlanRow> {
    return (tx ? this.repo.in(tx) : this.repo).findFree();
  }

  async save(body: PlanSave, actor: Actor): Promise<Plan> {
    const values = toValues(body);
    if (body.id === undefined) {
      const id = await this.repo.insert(values);
      const saved = toPlan((await this.repo.findById(id))!);
      await this.audit.record({
        actorId: actor.userId,
        ip: actor.ip,
        action: 'plans.create',
        target: `plan:${id}`,
        before: null,
        after: saved,
      });
      return saved;
    }
    const before = await this.repo.findById(body.id);
    if (!before) throw notFound('No such plan');
    if (before.isFree && !values.onSale) throw fieldError('on_sale', BILLING_ERRORS.freePlan);
    await this.repo.update(body.id, values);
    const saved = toPlan((await this.repo.findById(body.id))!);
    await this.audit.record({
      actorId: actor.userId,
      ip: actor.ip,
      action: 'plans.update',
      target: `plan:${body.id}`,
      before: toPlan(before),
      after: saved,
    });
    return saved;
  }

  async setOnSale(id: number, onSale: boolean, actor: Actor): Promise<void> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('No such plan');
    if (row.isFree && !onSale) throw fieldError('status', BILLING_ERRORS.freePlan);
    await this.repo.update(id, { onSale });
    await this.audit.record({
      actorId: actor.userId,
      ip: actor.ip,
      action: 'plans.switch',
      target: `plan:${id}`,
      before: { on_sale: row.onSale },
      after: { on_sale: onSale },
    });
  }

  async delete(ids: number[], actor: Actor): Promise<void> {
    const free = await this.repo.findFree();
    if (ids.includes(free.id)) throw fieldError('ids', BILLING_ERRORS.freePlan);
    if ((await this.repo.inUse(ids)).length > 0) throw fieldError('ids', BILLING_ERRORS.planInUse);
    await this.repo.delete(ids);
    await this.audit.record({
      actorId: actor.userId,
      ip: actor.ip,
      action: 'plans.delete',
      target: ids.map((id) => `plan:${id}`).join(','),
      before: null,
      after: null,
    });
  }
}
