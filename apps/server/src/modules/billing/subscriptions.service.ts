import { ERROR, type Subscription } from '@tally/contracts';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../sessions/sessions.service.js';
import type { SitesService } from '../sites/sites.service.js';
import type { OrdersService } from './orders.service.js';
import { toPlan } from './plans.service.js';

/** The user's plan, expiry and usage, and the limits other areas ask about. */
export class SubscriptionsService {
  constructor(
    private readonly orders: OrdersService,
    private readonly sites: SitesService,
  ) {}

  async info(userId: number): Promise<Subscription> {
    const { plan, period, expiresAt } = await this.orders.currentPlan(userId);
    return {
      plan: toPlan(plan),
      period,
      expires_at: expiresAt?.toISOString() ?? null,
      usage: { sites: await this.sites.countOwned(userId) },
    };
  }

  /**
   * The sites area's create guard: a 422 naming the plan and its limit when the owner has as many
   * sites as the plan allows. Admins manage the product and are not limited.
   */
  async checkSiteLimit(auth: AuthContext, owned: number, tx: Executor): Promise<void> {
    if (auth.userId === null || auth.roles.includes('admin')) return;
    const { plan } = await this.orders.currentPlan(auth.userId, tx);
    if (owned < plan.maxSites) return;
    const message = `Your plan ${plan.nameEn} allows ${plan.maxSites} sites; upgrade to add more.`;
    throw new AppError(ERROR.VALIDATION, 422, message, { name: [message] });
  }
}
