import { ERROR, type Subscription } from '@tally/contracts';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../sessions/sessions.service.js';
import type { SitesService } from '../sites/sites.service.js';
import type { OrdersService } from './orders.service.js';
import { EXPIRY_NOTICE_DAYS, QUOTA_WARN_PERCENT } from './plan-notices.service.js';
import { toPlan } from './plans.service.js';
import { DAY_MS } from './pricing.js';
import { monthOf, type UsageRepository } from './usage.repository.js';

/** The same thresholds as the quota mails: 80 % and 100 %. */
function quotaState(pageviews: number, quota: number): Subscription['quota_state'] {
  if (pageviews >= quota) return 'over';
  return pageviews * 100 >= QUOTA_WARN_PERCENT * quota ? 'near' : 'ok';
}

/** The user's plan, expiry and usage, and the limits other areas ask about. */
export class SubscriptionsService {
  constructor(
    private readonly orders: OrdersService,
    private readonly sites: SitesService,
    private readonly usage: UsageRepository,
    private readonly clock: () => Date,
  ) {}

  async info(userId: number): Promise<Subscription> {
    const now = this.clock();
    const month = monthOf(now);
    // Four independent reads, at once (PostgreSQL's pool runs them side by side).
    const [{ plan, period, expiresAt }, pageviews, sites, bots] = await Promise.all([
      this.orders.currentPlan(userId),
      this.usage.monthPageviews(userId, month),
      this.sites.countOwned(userId),
      this.usage.bots(userId),
    ]);
    return {
      plan: toPlan(plan),
      period,
      expires_at: expiresAt?.toISOString() ?? null,
      usage: { sites, monthly_pageviews: pageviews, bots },
      month: month.key,
      quota_state: quotaState(pageviews, plan.monthlyPageviews),
      expires_soon: expiresAt !== null && expiresAt.getTime() - now.getTime() <= EXPIRY_NOTICE_DAYS * DAY_MS,
    };
  }

  /**
   * The sites area's create guard: a 422 naming the plan and its limit when the owner has as many
   * sites as the plan allows. Admins manage the product and are not limited.
   */
  checkSiteLimit(auth: AuthContext, owned: number, tx: Executor): Promise<void> {
    return this.checkLimit(auth, owned, tx, 'sites');
  }

  /** The bots area's create guard, as the sites one (field `bot_token`). */
  checkBotLimit(auth: AuthContext, owned: number, tx: Executor): Promise<void> {
    return this.checkLimit(auth, owned, tx, 'bots');
  }

  private async checkLimit(auth: AuthContext, owned: number, tx: Executor, what: 'sites' | 'bots') {
    if (auth.userId === null || auth.roles.includes('admin')) return;
    const { plan } = await this.orders.currentPlan(auth.userId, tx);
    const limit = what === 'sites' ? plan.maxSites : plan.maxBots;
    if (owned < limit) return;
    const noun = limit === 1 ? what.slice(0, -1) : what;
    const message = `Your plan ${plan.nameEn} allows ${limit} ${noun}; upgrade to add more.`;
    const refused = new AppError(ERROR.VALIDATION, 422, message, {
      [what === 'sites' ? 'name' : 'bot_token']: [message],
    });
    // The catalogue words the sentence in Chinese; the plan keeps its own Chinese name there.
    refused.zhTerms = { [plan.nameEn]: plan.nameZh };
    throw refused;
  }
}
