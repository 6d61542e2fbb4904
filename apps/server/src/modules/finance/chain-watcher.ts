import type { FastifyBaseLogger } from 'fastify';
import { chainWatcherMetrics } from '../../lib/metrics.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AddressesRepository } from './addresses.repository.js';
import type { RechargesRepository } from './recharges.repository.js';
import type { StoreResult, TransfersService } from './transfers.service.js';
import {
  RateLimiter,
  TronGridClient,
  type TronGridOptions,
  TronGridUnavailableError,
} from './trongrid.client.js';
import type { WatcherLock } from './watcher-lock.js';
import type { WithdrawalsService } from './withdrawals.service.js';

/**
 * How far before the newest stored block time each read starts again: a transfer confirmed late
 * carries its (earlier) block time, and would be skipped by a cursor that only moves forward.
 */
export const SAFETY_WINDOW_MS = 10 * 60_000;

/**
 * Addresses read at once. Each one's requests still take their turn at the one rate limiter; the point
 * is that storing one address's page (a database transaction) overlaps the next address's request
 * instead of the limiter's slots going unused meanwhile. Addresses never share rows, and a page credits
 * its users in id order, so the readers' transactions cannot deadlock.
 */
const READERS = 4;

export interface CycleReport {
  addresses: number;
  requests: number;
  retries: number;
  transfers: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  /**
   * Transfers TronGrid listed of another token or with other decimals than USDT's (it ignored the
   * contract filter): logged, never stored or credited.
   */
  foreign: number;
  /**
   * Transfers stored unconfirmed (`usdt_only_confirmed` off) that the re-check found gone from the chain
   * this cycle: flagged and audited (`TransfersService.recheckUnconfirmed`).
   */
  vanished: number;
  /** Addresses whose read gave up this cycle (TronGrid kept refusing); they resume from their cursor. */
  failed: number;
  /** Paid withdrawals whose transaction the chain showed (confirmed, matching) this cycle. */
  verified: number;
  /** Another watcher (this process or another) was reading the chain: this one read nothing. */
  skipped: boolean;
  ms: number;
}

const SKIPPED = {
  addresses: 0,
  requests: 0,
  retries: 0,
  transfers: 0,
  matched: 0,
  unmatched: 0,
  duplicates: 0,
  foreign: 0,
  vanished: 0,
  failed: 0,
  verified: 0,
  skipped: true,
};

/**
 * The chain watcher (a job): for every address, TronGrid's incoming USDT transfers from its cursor
 * minus the safety window, page by page (fingerprint), each stored and matched once. One rate limiter
 * covers every address, and one cycle runs at a time across processes (`WatcherLock`), so that limiter
 * is the only one using the key; the cursor moves after each stored page, so a stop resumes where it was.
 */
export class ChainWatcher {
  constructor(
    private readonly addresses: AddressesRepository,
    private readonly recharges: RechargesRepository,
    private readonly transfers: TransfersService,
    private readonly withdrawals: WithdrawalsService,
    private readonly lock: WatcherLock,
    private readonly settings: SettingsService,
    private readonly now: () => Date,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
    /** Test seams: backoff timing. */
    private readonly clientOptions: Partial<TronGridOptions> = {},
  ) {}

  /**
   * The same watcher with other TronGrid client options (tests: a short backoff; the benchmark: a
   * shared limiter) and, for tests of what happens without it, a lock of its own.
   */
  with(clientOptions: Partial<TronGridOptions>, lock: WatcherLock = this.lock): ChainWatcher {
    return new ChainWatcher(
      this.addresses,
      this.recharges,
      this.transfers,
      this.withdrawals,
      lock,
      this.settings,
      this.now,
      this.log,
      { ...this.clientOptions, ...clientOptions },
    );
  }

  /** When a cycle of this watcher last read every address (metrics: the chain watcher's lag). */
  lastReadAt: Date | undefined;

  async cycle(): Promise<CycleReport> {
    const started = Date.now();
    let report: CycleReport | undefined;
    try {
      report = await this.lock.run(() => this.readAll(started));
    } catch (err) {
      chainWatcherMetrics.cycle('failed');
      throw err;
    }
    if (report && report.failed === 0) this.lastReadAt = new Date();
    chainWatcherMetrics.cycle(!report ? 'skipped' : report.failed > 0 ? 'partial' : 'read');
    return report ?? { ...SKIPPED, ms: Date.now() - started };
  }

  private async readAll(started: number): Promise<CycleReport> {
    const s = await this.settings.all();
    const limiter = this.clientOptions.limiter ?? new RateLimiter(s.trongrid_rate);
    const client = new TronGridClient({
      baseUrl: s.trongrid_base_url,
      apiKey: s.trongrid_api_key,
      ...this.clientOptions,
      limiter,
    });
    const before = limiter.requests;
    const counts: Record<StoreResult | 'foreign', number> = {
      matched: 0,
      unmatched: 0,
      duplicate: 0,
      foreign: 0,
    };
    let failed = 0;
    const list = await this.addresses.all();
    const queue = [...list];
    const reader = async () => {
      for (let address = queue.shift(); address; address = queue.shift()) {
        try {
          await this.readAddress(client, address, s, counts);
        } catch (err) {
          if (!(err instanceof TronGridUnavailableError)) {
            queue.length = 0; // the other readers stop after their address
            throw err;
          }
          failed += 1;
          this.log?.warn(
            { address: address.address, err: err.message },
            'chain watcher: TronGrid refused; resuming next cycle',
          );
        }
      }
    };
    // Every reader has ended before the cycle does (and lets go of the lock), even when one failed.
    const ends = await Promise.allSettled(Array.from({ length: Math.min(READERS, list.length) }, reader));
    for (const end of ends) if (end.status === 'rejected') throw end.reason;
    await this.recharges.sweep(this.now());
    const { vanished } = await this.transfers.recheckUnconfirmed(client, s.usdt_contract, this.log);
    const verified = await this.withdrawals.verifyPaid(client, this.log);
    // The next holder of the lock starts its own limiter: our last request must be a full interval old.
    await limiter.idle();
    return {
      addresses: list.length,
      requests: limiter.requests - before,
      retries: client.retries,
      transfers: counts.matched + counts.unmatched + counts.duplicate,
      matched: counts.matched,
      unmatched: counts.unmatched,
      duplicates: counts.duplicate,
      foreign: counts.foreign,
      vanished,
      failed,
      verified,
      skipped: false,
      ms: Date.now() - started,
    };
  }

  private async readAddress(
    client: TronGridClient,
    address: {
      id: number | string;
      address: string;
      cursor_ms: string | number;
      last_balance: string | null;
    },
    s: { usdt_contract: string; usdt_only_confirmed: boolean },
    counts: Record<StoreResult | 'foreign', number>,
  ): Promise<void> {
    const minTimestamp = Math.max(0, Number(address.cursor_ms) - SAFETY_WINDOW_MS);
    let fingerprint: string | undefined;
    let stored = 0;
    do {
      const page = await client.page({
        address: address.address,
        contract: s.usdt_contract,
        minTimestamp,
        onlyConfirmed: s.usdt_only_confirmed,
        fingerprint,
      });
      for (const f of page.foreign) {
        counts.foreign += 1;
        this.log?.warn(
          {
            address: address.address,
            txId: f.txId,
            value: f.value,
            contract: f.contract,
            decimals: f.decimals,
          },
          'chain watcher: a transfer of another token or other decimals than the USDT contract; not credited',
        );
      }
      // Read with unconfirmed ones too, none of the page is known confirmed: each is re-checked for a day.
      for (const result of await this.transfers.storePage(page.transfers, s.usdt_only_confirmed)) {
        counts[result] += 1;
        if (result !== 'duplicate') stored += 1;
      }
      const newest = Math.max(0, ...page.transfers.map((t) => t.blockTime.getTime()));
      if (newest > 0) await this.addresses.setCursor(Number(address.id), newest);
      fingerprint = page.fingerprint;
    } while (fingerprint);
    // The balance shown in USDT管理 moves only with transfers, so it is read again only when new ones came.
    if (stored > 0 || address.last_balance === null)
      await this.addresses.setBalance(
        Number(address.id),
        await client.balance(address.address, s.usdt_contract),
      );
  }
}
