import { formatMicros } from '@tally/contracts';
import type { RechargesService } from './recharges.service.js';
import type { WithdrawalsService } from './withdrawals.service.js';

/** What the admin console's tiles show of finance (the console's figures registry reads these). */
export class FinanceFigures {
  constructor(
    private readonly recharges: RechargesService,
    private readonly withdrawals: WithdrawalsService,
    private readonly now: () => Date,
  ) {}

  /** Withdrawals waiting for an admin: how many, and their amounts together (decimal string). */
  async pendingWithdrawals(): Promise<{ count: number; sum: string }> {
    const { count, sum } = await this.withdrawals.pending();
    return { count, sum: formatMicros(sum) };
  }

  /** Recharges paid since 00:00 UTC today: how many, and their amounts together (decimal string). */
  async todayRecharges(): Promise<{ count: number; sum: string }> {
    const now = this.now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const { count, sum } = await this.recharges.paidSince(since);
    return { count, sum: formatMicros(sum) };
  }
}
