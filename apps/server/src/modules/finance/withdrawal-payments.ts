import { formatMicros } from '@tally/contracts';
import type { SettingsService } from '../settings/settings.service.js';
import {
  RateLimiter,
  type TokenTransfer,
  TronGridClient,
  type TronGridOptions,
  TronGridUnavailableError,
} from './trongrid.client.js';

/** How far before the withdrawal was asked for its payment is looked for (clocks differ a little). */
const BEFORE_REQUEST_MS = 10 * 60_000;
/** Pages of the destination's history read per check (200 transfers each): a busy address stays cheap. */
const MAX_PAGES = 5;

export const NOT_USDT = 'This transaction is not a USDT transfer to the withdrawal address.';
export const OTHER_ADDRESS = 'This transaction paid another address, not the withdrawal address.';
export const amountDiffers = (paid: bigint, asked: bigint) =>
  `This transaction paid ${formatMicros(paid)} USDT; the withdrawal is ${formatMicros(asked)} USDT.`;

/**
 * What TronGrid says of a withdrawal's transaction hash: `verified` (the configured USDT contract, to
 * the withdrawal's address, exactly its amount, confirmed); `mismatch` (the chain shows it paying
 * something else: refused); `unseen` (not on the chain yet, not confirmed yet, or TronGrid did not
 * answer): paid but unverified, and the watcher checks again every cycle.
 */
export type PaymentCheck = { state: 'verified' | 'unseen' } | { state: 'mismatch'; message: string };

export interface PaidWithdrawal {
  address: string;
  amount: bigint;
  createdAt: Date;
}

/** The transfers of the hash into the address, judged: undefined when there are none. */
function judge(found: TokenTransfer[], contract: string, amount: bigint): PaymentCheck | undefined {
  if (found.length === 0) return undefined;
  const usdt = found.filter((t) => t.contract === contract);
  if (usdt.length === 0) return { state: 'mismatch', message: NOT_USDT };
  if (usdt.some((t) => t.amount === amount)) return { state: 'verified' };
  return { state: 'mismatch', message: amountDiffers(usdt[0]?.amount ?? 0n, amount) };
}

/**
 * Checks a withdrawal's payment through TronGrid's TRC20 history of the destination (the call the
 * watcher already makes, `only_to`), looking for the hash among its incoming transfers of any token,
 * so a payment in another token is told apart from one not seen yet. When the history does not show
 * it, the transaction's events (by hash) tell a payment to another address from one not made yet.
 */
export class WithdrawalPayments {
  constructor(
    private readonly settings: SettingsService,
    private readonly log?: { warn(o: object, msg: string): void },
  ) {}

  /**
   * A client for one admin's mark-paid: one quick retry, no long backoff (the admin is waiting; a
   * TronGrid that does not answer leaves the payment unverified, checked again by the watcher).
   */
  async client(options: Partial<TronGridOptions> = {}): Promise<TronGridClient> {
    const s = await this.settings.all();
    return new TronGridClient({
      baseUrl: s.trongrid_base_url,
      apiKey: s.trongrid_api_key,
      limiter: new RateLimiter(s.trongrid_rate),
      maxRetries: 1,
      backoffMs: 200,
      ...options,
    });
  }

  /**
   * `unconfirmedToo`: also read the transfers not confirmed yet, so a wrong token or amount is refused
   * at once rather than after confirmation (mark-paid); the watcher's re-check reads confirmed ones.
   */
  async check(
    client: TronGridClient,
    w: PaidWithdrawal,
    txId: string,
    unconfirmedToo: boolean,
  ): Promise<PaymentCheck> {
    const { usdt_contract: contract } = await this.settings.all();
    const query = {
      address: w.address,
      txId,
      minTimestamp: Math.max(0, w.createdAt.getTime() - BEFORE_REQUEST_MS),
      maxPages: MAX_PAGES,
    };
    try {
      const confirmed = judge(await client.transfersOf({ ...query, unconfirmed: false }), contract, w.amount);
      if (confirmed) return confirmed;
      if (!unconfirmedToo) return { state: 'unseen' };
      const pending = judge(await client.transfersOf({ ...query, unconfirmed: true }), contract, w.amount);
      if (pending) return pending.state === 'mismatch' ? pending : { state: 'unseen' };
      // Not in the address's history: the transaction's own events tell a payment to another address
      // from one not on the chain yet (no events).
      const events = await client.transferEvents(txId);
      return events.length > 0 && !events.some((e) => e.to === w.address)
        ? { state: 'mismatch', message: OTHER_ADDRESS }
        : { state: 'unseen' };
    } catch (err) {
      if (!(err instanceof TronGridUnavailableError)) throw err;
      this.log?.warn({ txId, err: err.message }, 'withdrawal check: TronGrid unavailable; left unverified');
      return { state: 'unseen' };
    }
  }
}
