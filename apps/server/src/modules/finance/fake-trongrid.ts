import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tronAddressBytes, USDT_TRC20_CONTRACT } from '@tally/contracts';

/**
 * A fake TronGrid on 127.0.0.1 for tests, the benchmark and a local demo: the TRC20 history call in
 * TronGrid's documented shape (`data[]`, `meta.fingerprint` for the next page), transfers a test
 * injects, late confirmations, and error answers (429, 5xx, 403) on demand or over a request rate.
 */
export interface FakeTransfer {
  txId: string;
  from: string;
  to: string;
  /** Micro-USDT. */
  value: bigint;
  blockTimestamp: number;
  confirmed: boolean;
  contract: string;
  /** The token's decimals as `token_info` reports them (USDT's 6 unless told otherwise). */
  decimals: number;
}

export interface FakeTronGridOptions {
  /** Page size when the request names none (TronGrid's default is 20; at most 200). */
  defaultLimit?: number;
  /** Answer 429 once more than this many requests arrive within one second. */
  ratePerSecond?: number;
  /** When set, requests without this TRON-PRO-API-KEY get 401. */
  apiKey?: string;
  /** Answers every token's transfers whatever `contract_address` asks (a TronGrid not to be trusted). */
  ignoreContractFilter?: boolean;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export class FakeTronGrid {
  readonly transfers: FakeTransfer[] = [];
  /** Every request's time (ms) and URL, for rate checks. */
  readonly log: { at: number; url: string; apiKey?: string }[] = [];
  private failures: number[] = [];
  private server?: Server;
  url = '';

  constructor(private readonly opts: FakeTronGridOptions = {}) {}

  async start(port = 0): Promise<string> {
    const server = createServer((req, res) => this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A transfer on chain (confirmed unless told otherwise); returns its transaction id. */
  inject(t: Partial<FakeTransfer> & { to: string; value: bigint }): string {
    const transfer: FakeTransfer = {
      txId: t.txId ?? randomBytes(32).toString('hex'),
      from: t.from ?? 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      blockTimestamp: t.blockTimestamp ?? Date.now(),
      confirmed: t.confirmed ?? true,
      contract: t.contract ?? USDT_TRC20_CONTRACT,
      decimals: t.decimals ?? 6,
      ...t,
    } as FakeTransfer;
    this.transfers.push(transfer);
    return transfer.txId;
  }

  /** A transfer seen unconfirmed becomes confirmed (its block time stays the earlier one). */
  confirm(txId: string): void {
    for (const t of this.transfers) if (t.txId === txId) t.confirmed = true;
  }

  /** A transfer the chain dropped (a fork): TronGrid no longer lists it, confirmed or not. */
  vanish(txId: string): void {
    const at = this.transfers.findIndex((t) => t.txId === txId);
    if (at >= 0) this.transfers.splice(at, 1);
  }

  /** The next requests answer these statuses, one each (429, 500, 503, 403 …). */
  failNext(...statuses: number[]): void {
    this.failures.push(...statuses);
  }

  /** Drops error answers still queued. */
  clearFailures(): void {
    this.failures = [];
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const now = Date.now();
    const apiKey = req.headers['tron-pro-api-key'] as string | undefined;
    this.log.push({ at: now, url: req.url ?? '', apiKey });
    const failure = this.failures.shift();
    if (failure !== undefined) return json(res, failure, { success: false, error: `fake status ${failure}` });
    if (this.opts.apiKey && apiKey !== this.opts.apiKey)
      return json(res, 401, { success: false, error: 'bad key' });
    const rate = this.opts.ratePerSecond;
    if (rate && this.log.filter((r) => r.at > now - 1000).length > rate)
      return json(res, 429, { success: false, error: 'rate limit exceeded' });
    const url = new URL(req.url ?? '/', 'http://fake');
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && account) return json(res, 200, this.account(account[1] as string, now));
    const events = /^\/v1\/transactions\/([0-9a-fA-F]+)\/events$/.exec(url.pathname);
    if (req.method === 'GET' && events) return json(res, 200, this.events(events[1] as string, now));
    const m = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (req.method !== 'GET' || !m) return json(res, 404, { success: false, error: 'not found' });
    json(res, 200, this.page(m[1] as string, url.searchParams, now));
  }

  /** `GET /v1/accounts/{address}`: the TRC20 balances (confirmed transfers in, less transfers out). */
  private account(address: string, now: number) {
    const balances = new Map<string, bigint>();
    for (const t of this.transfers) {
      if (!t.confirmed) continue;
      const sign = t.to === address ? 1n : t.from === address ? -1n : 0n;
      balances.set(t.contract, (balances.get(t.contract) ?? 0n) + sign * t.value);
    }
    const trc20 = [...balances].map(([contract, value]) => ({ [contract]: value.toString() }));
    return { data: [{ address, trc20 }], success: true, meta: { at: now, page_size: 1 } };
  }

  /**
   * `GET /v1/transactions/{id}/events`: the transaction's TRC20 Transfer events, addresses in the logs'
   * hex form (`0x` + 20 bytes), as TronGrid's event API answers.
   */
  private events(txId: string, now: number) {
    const hex = (address: string) =>
      `0x${Buffer.from(tronAddressBytes(address) ?? new Uint8Array(20)).toString('hex')}`;
    const data = this.transfers
      .filter((t) => t.txId.toLowerCase() === txId.toLowerCase())
      .map((t, i) => ({
        block_timestamp: t.blockTimestamp,
        contract_address: t.contract,
        event_index: i,
        event_name: 'Transfer',
        event: 'Transfer(address indexed from, address indexed to, uint256 value)',
        result: { from: hex(t.from), to: hex(t.to), value: t.value.toString() },
        result_type: { from: 'address', to: 'address', value: 'uint256' },
        transaction_id: t.txId,
        _unconfirmed: !t.confirmed || undefined,
      }));
    return { data, success: true, meta: { at: now, page_size: data.length } };
  }

  private page(address: string, q: URLSearchParams, now: number) {
    const onlyTo = q.get('only_to') === 'true';
    const onlyConfirmed = q.get('only_confirmed') === 'true';
    const onlyUnconfirmed = q.get('only_unconfirmed') === 'true';
    const contract = this.opts.ignoreContractFilter ? null : q.get('contract_address');
    const min = Number(q.get('min_timestamp') ?? 0);
    const limit = Math.min(200, Number(q.get('limit') ?? this.opts.defaultLimit ?? 20));
    const ascending = (q.get('order_by') ?? '').endsWith(',asc');
    const offset = q.get('fingerprint')
      ? Number(Buffer.from(q.get('fingerprint') as string, 'base64url'))
      : 0;
    const rows = this.transfers
      .filter(
        (t) =>
          (t.to === address || (!onlyTo && t.from === address)) &&
          (!onlyConfirmed || t.confirmed) &&
          (!onlyUnconfirmed || !t.confirmed) &&
          (!contract || t.contract === contract) &&
          t.blockTimestamp >= min,
      )
      .sort(
        (a, b) =>
          (a.blockTimestamp - b.blockTimestamp || a.txId.localeCompare(b.txId)) * (ascending ? 1 : -1),
      );
    const data = rows.slice(offset, offset + limit).map((t) => ({
      transaction_id: t.txId,
      token_info: { symbol: 'USDT', address: t.contract, decimals: t.decimals, name: 'Tether USD' },
      block_timestamp: t.blockTimestamp,
      from: t.from,
      to: t.to,
      type: 'Transfer',
      value: t.value.toString(),
    }));
    const more = offset + limit < rows.length;
    const fingerprint = more ? Buffer.from(String(offset + limit)).toString('base64url') : undefined;
    return {
      data,
      success: true,
      meta: { at: now, page_size: data.length, ...(fingerprint ? { fingerprint } : {}) },
    };
  }
}
