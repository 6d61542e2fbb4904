import { tronAddressFromBytes, USDT_DECIMALS } from '@tally/contracts';
import type { ChainTransfer } from './transfers.repository.js';

/**
 * TronGrid's TRC20 history (`GET /v1/accounts/{address}/transactions/trc20`): one page of incoming
 * transfers of one token, oldest first, and the fingerprint of the next page. Every request goes
 * through one RateLimiter, so all addresses together stay under the key's rate, and 403/429/5xx or a
 * network failure is retried with exponential backoff (Retry-After honoured) before giving up.
 */
export interface TronGridOptions {
  baseUrl: string;
  apiKey: string;
  limiter: RateLimiter;
  maxRetries?: number;
  /** First backoff; doubles per retry (tests pass a few ms). */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface PageQuery {
  address: string;
  contract: string;
  minTimestamp: number;
  onlyConfirmed: boolean;
  fingerprint?: string;
  limit?: number;
}

interface TronGridTransfer {
  transaction_id: string;
  event_index?: number;
  block_timestamp: number;
  from: string;
  to: string;
  value: string;
  type?: string;
  token_info?: { address?: string; decimals?: number | string };
}

/**
 * A transfer the history listed that is not the configured token in micro-units: another contract (a
 * TronGrid that ignored `contract_address`), or the right contract with other decimals. Never stored.
 */
export interface ForeignTransfer {
  txId: string;
  to: string;
  value: string;
  contract: string;
  decimals: string;
}

/** One TRC20 transfer of a transaction, whatever its token (the withdrawal check judges the token). */
export interface TokenTransfer {
  contract: string;
  to: string;
  amount: bigint;
}

export class TronGridUnavailableError extends Error {}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * TronGrid counts requests as they arrive: a start delayed on the way (a busy event loop, the network)
 * lands closer to the next one. Spacing starts 5% wider keeps any second's arrivals within the rate
 * despite up to 50 ms of such jitter (5% of the second the rate is counted over).
 */
const SLACK = 1.05;

/** At most `perSecond` starts per second, spaced evenly, shared by every caller holding it. */
export class RateLimiter {
  private next = 0;
  requests = 0;

  constructor(
    private readonly perSecond: number,
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {}

  /**
   * The interval is counted from when a request really starts: a timer that fires late (a busy event
   * loop) delays the next start with it rather than letting two starts crowd together.
   */
  async take(): Promise<void> {
    this.requests += 1;
    for (;;) {
      const now = Date.now();
      if (now >= this.next) {
        this.next = now + (1000 / this.perSecond) * SLACK;
        return;
      }
      await this.wait(this.next - now);
    }
  }

  /** No request starts for `ms` from now (a 429's backoff holds every caller, not only the one refused). */
  holdOff(ms: number): void {
    this.next = Math.max(this.next, Date.now() + ms);
  }

  /**
   * Waits until the next request would be allowed: a watcher waits for it before letting another take
   * its turn, so the other's first request is spaced from this one's last as any two of its own are.
   */
  async idle(): Promise<void> {
    const left = this.next - Date.now();
    if (left > 0) await this.wait(left);
  }
}

const RETRIED = (status: number) => status === 403 || status === 429 || status >= 500;

export class TronGridClient {
  /** Answers that were retried (403/429/5xx/network), for logs and the benchmark. */
  retries = 0;

  constructor(private readonly opts: TronGridOptions) {}

  /**
   * One page of the address's incoming transfers of `q.contract`. TronGrid's `contract_address` filter
   * is not trusted: each transfer's own token (`token_info.address`) must be that contract and its
   * decimals USDT's 6 (the amounts are micro-USDT); any other is left out of `transfers` and listed in
   * `foreign`, for the watcher to log. It is never stored, so it can never be credited.
   */
  async page(
    q: PageQuery,
  ): Promise<{ transfers: ChainTransfer[]; foreign: ForeignTransfer[]; fingerprint?: string }> {
    const { data, fingerprint } = await this.history(q);
    const foreign: ForeignTransfer[] = [];
    const transfers = data
      .filter((t) => t.to === q.address && (t.type ?? 'Transfer') === 'Transfer')
      .filter((t) => {
        const contract = t.token_info?.address ?? '';
        const decimals = String(t.token_info?.decimals ?? '');
        if (contract === q.contract && decimals === String(USDT_DECIMALS)) return true;
        foreign.push({ txId: t.transaction_id, to: t.to, value: String(t.value), contract, decimals });
        return false;
      })
      .map(
        (t): ChainTransfer => ({
          txId: t.transaction_id.toLowerCase(),
          eventIndex: t.event_index ?? 0,
          from: t.from,
          to: t.to,
          amount: BigInt(t.value),
          blockTime: new Date(t.block_timestamp),
        }),
      );
    return { transfers, foreign, fingerprint };
  }

  /**
   * The TRC20 transfers (any token) of one transaction into `address` since `minTimestamp`: confirmed
   * ones, or (`unconfirmed`) those the chain has not confirmed yet. At most `maxPages` pages are read,
   * so a busy destination costs a bounded number of requests.
   */
  async transfersOf(q: {
    address: string;
    txId: string;
    minTimestamp: number;
    unconfirmed: boolean;
    maxPages: number;
  }): Promise<TokenTransfer[]> {
    const found: TokenTransfer[] = [];
    let fingerprint: string | undefined;
    for (let pages = 0; pages < q.maxPages; pages++) {
      const page = await this.history({
        address: q.address,
        minTimestamp: q.minTimestamp,
        onlyConfirmed: !q.unconfirmed,
        onlyUnconfirmed: q.unconfirmed,
        fingerprint,
      });
      for (const t of page.data)
        if (t.transaction_id.toLowerCase() === q.txId && t.to === q.address)
          found.push({ contract: t.token_info?.address ?? '', to: t.to, amount: BigInt(t.value) });
      fingerprint = page.fingerprint;
      if (!fingerprint) break;
    }
    return found;
  }

  /**
   * The transaction ids of the address's incoming transfers of `contract` (6 decimals) since
   * `minTimestamp`: confirmed ones, or (`unconfirmed`) those not confirmed yet. At most `maxPages` pages.
   */
  async txIdsInto(q: {
    address: string;
    contract: string;
    minTimestamp: number;
    unconfirmed: boolean;
    maxPages: number;
  }): Promise<Set<string>> {
    const seen = new Set<string>();
    let fingerprint: string | undefined;
    for (let pages = 0; pages < q.maxPages; pages++) {
      const page = await this.history({
        address: q.address,
        contract: q.contract,
        minTimestamp: q.minTimestamp,
        onlyConfirmed: !q.unconfirmed,
        onlyUnconfirmed: q.unconfirmed,
        fingerprint,
      });
      for (const t of page.data)
        if (
          t.to === q.address &&
          t.token_info?.address === q.contract &&
          String(t.token_info?.decimals ?? '') === String(USDT_DECIMALS)
        )
          seen.add(t.transaction_id.toLowerCase());
      fingerprint = page.fingerprint;
      if (!fingerprint) break;
    }
    return seen;
  }

  /**
   * The TRC20 transfers of one transaction wherever they went (TronGrid `GET /v1/transactions/{id}/events`,
   * Transfer events; their addresses come as `0x` + 20 bytes of hex).
   */
  async transferEvents(txId: string): Promise<TokenTransfer[]> {
    const body = (await this.get(new URL(`/v1/transactions/${txId}/events`, this.opts.baseUrl))) as {
      data?: { event_name?: string; contract_address?: string; result?: { to?: string; value?: string } }[];
    };
    return (body.data ?? []).flatMap((e) => {
      const to = /^0x(?:41)?([0-9a-fA-F]{40})$/.exec(e.result?.to ?? '')?.[1];
      if (e.event_name !== 'Transfer' || !to || !/^\d+$/.test(e.result?.value ?? '')) return [];
      return [
        {
          contract: e.contract_address ?? '',
          to: tronAddressFromBytes(Buffer.from(to, 'hex')),
          amount: BigInt(e.result?.value ?? '0'),
        },
      ];
    });
  }

  /** One page of the address's incoming TRC20 history, oldest first (of one token when `contract` is set). */
  private async history(
    q: Omit<PageQuery, 'contract'> & { contract?: string; onlyUnconfirmed?: boolean },
  ): Promise<{ data: TronGridTransfer[]; fingerprint?: string }> {
    const url = new URL(`/v1/accounts/${q.address}/transactions/trc20`, this.opts.baseUrl);
    url.searchParams.set('only_to', 'true');
    url.searchParams.set('only_confirmed', String(q.onlyConfirmed));
    if (q.onlyUnconfirmed) url.searchParams.set('only_unconfirmed', 'true');
    if (q.contract) url.searchParams.set('contract_address', q.contract);
    url.searchParams.set('min_timestamp', String(q.minTimestamp));
    url.searchParams.set('order_by', 'block_timestamp,asc');
    url.searchParams.set('limit', String(q.limit ?? 200));
    if (q.fingerprint) url.searchParams.set('fingerprint', q.fingerprint);
    const body = (await this.get(url)) as { data?: TronGridTransfer[]; meta?: { fingerprint?: string } };
    return { data: body.data ?? [], fingerprint: body.meta?.fingerprint || undefined };
  }

  /** The address's balance of `contract` (TronGrid `GET /v1/accounts/{address}`, `data[0].trc20`). */
  async balance(address: string, contract: string): Promise<bigint> {
    const body = (await this.get(new URL(`/v1/accounts/${address}`, this.opts.baseUrl))) as {
      data?: { trc20?: Record<string, string>[] }[];
    };
    const entry = body.data?.[0]?.trc20?.find((token) => contract in token);
    return BigInt(entry?.[contract] ?? '0');
  }

  private async get(url: URL): Promise<unknown> {
    const { maxRetries = 5, backoffMs = 1000, sleep: wait = sleep } = this.opts;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.apiKey) headers['TRON-PRO-API-KEY'] = this.opts.apiKey;
    for (let attempt = 0; ; attempt++) {
      await this.opts.limiter.take();
      let status = 0;
      let retryAfter = 0;
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
        if (res.ok) return await res.json();
        status = res.status;
        retryAfter = Number(res.headers.get('retry-after')) || 0;
        await res.body?.cancel();
        if (!RETRIED(status)) throw new TronGridUnavailableError(`TronGrid answered ${status}`);
      } catch (err) {
        if (err instanceof TronGridUnavailableError) throw err;
      }
      if (attempt >= maxRetries)
        throw new TronGridUnavailableError(`TronGrid unavailable (last status ${status})`);
      this.retries += 1;
      const delay = Math.max(retryAfter * 1000, backoffMs * 2 ** attempt);
      // The key is over its rate (or TronGrid is struggling): every caller of the limiter waits too.
      this.opts.limiter.holdOff(delay);
      await wait(delay);
    }
  }
}
