import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ERROR,
  formatMicros,
  type LedgerEntryRow,
  type LedgerListQuery,
  type LedgerPage,
  type WalletInfo,
} from '@tally/contracts';
import type { Transactor } from '../../db/client.js';
import type { ListQuery } from '../../db/list-query.js';
import { AppError } from '../../lib/errors.js';
import {
  DuplicateReferenceError,
  type EntryFilter,
  type LedgerEntry,
  type LedgerService,
} from './ledger.service.js';
import { type CsvLanguage, ledgerCsvLines } from './ledger-csv.js';

/**
 * What the wallet asks before moving commission to the balance. Open by default; the settings area
 * can pass a policy reading its switch (e.g. `commission_transfer_open`) when it has one.
 */
export interface WalletPolicy {
  commissionTransferOpen(): Promise<boolean>;
}

export const OPEN_WALLET: WalletPolicy = { commissionTransferOpen: async () => true };

/** 我的钱包: the signed-in user's balances, their 资金明细 and moving commission to the balance. */
export class WalletService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly db: Transactor,
    private readonly policy: WalletPolicy = OPEN_WALLET,
  ) {}

  async info(userId: number): Promise<WalletInfo> {
    const [{ balance, commission }, open] = await Promise.all([
      this.ledger.balances(userId),
      this.policy.commissionTransferOpen(),
    ]);
    return {
      balance: formatMicros(balance),
      commission: formatMicros(commission),
      commission_transfer: open,
    };
  }

  async entries(
    userId: number,
    query: EntryFilter & ListQuery & Pick<LedgerListQuery, 'sort'>,
  ): Promise<LedgerPage> {
    const page = await this.ledger.entries(userId, query);
    return { ...page, list: page.list.map(toRow) };
  }

  /** The whole filtered 资金明细 as a CSV stream (UTF-8 with BOM), read in batches. */
  csv(userId: number, filter: EntryFilter, lang: CsvLanguage, zone: string): Readable {
    return Readable.from(ledgerCsvLines(this.ledger.allEntries(userId, filter), lang, zone), {
      highWaterMark: 1,
    });
  }

  /** Whether the user's transfer with this request id went through already (a repeated request). */
  transferDone(userId: number, requestId: string): Promise<boolean> {
    return this.ledger.applied('commission_transfer', transferRef(userId, requestId));
  }

  /**
   * Commission → balance: two entries of one reference in one transaction. `requestId` (the page's id
   * for this transfer) makes a double submit move the money once: the second finds its reference
   * applied and answers the balances as they are.
   */
  async transferCommission(
    userId: number,
    amount: bigint,
    requestId: string = randomUUID(),
  ): Promise<WalletInfo> {
    if (!(await this.policy.commissionTransferOpen()))
      throw new AppError(ERROR.FORBIDDEN, 403, 'Moving commission to the balance is closed.');
    const ref = transferRef(userId, requestId);
    const base = { userId, kind: 'commission_transfer', ref, actorId: userId } as const;
    try {
      await this.db.transaction((tx) =>
        this.ledger.postMany(
          [
            { ...base, account: 'commission', amount: -amount },
            { ...base, account: 'balance', amount },
          ],
          tx,
        ),
      );
    } catch (err) {
      // A repeat whose first went through meanwhile: refused by the reference, or (having read the
      // balance before the first committed) by the funds. Either way it answers as the first did.
      if (!(err instanceof DuplicateReferenceError) && !(await this.transferDone(userId, requestId)))
        throw err;
    }
    return this.info(userId);
  }
}

/** A commission transfer's ledger reference: scoped by user (another user's same id is another transfer). */
const transferRef = (userId: number, requestId: string) => ({
  type: 'commission_transfer',
  id: `${userId}:${requestId}`,
});

function toRow(e: LedgerEntry): LedgerEntryRow {
  return {
    id: e.id,
    account: e.account,
    kind: e.kind,
    amount: formatMicros(e.amount),
    balance_after: formatMicros(e.balanceAfter),
    ref_type: e.ref.type,
    ref_id: e.ref.id,
    note: e.note,
    created_at: e.createdAt.toISOString(),
  };
}
