import { z } from 'zod';
import { csvQueryFields, dayFilterFields } from './csv-schemas.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { LEDGER_ACCOUNTS, LEDGER_KINDS, LEDGER_SORTS } from './ledger-constants.js';
import { usdtAmount, usdtText } from './money-schemas.js';
import { storableString } from './text.js';

/** The schemas of ledger (ledger.ts declares the calls, ledger-constants.ts the plain values). */

export const walletInfoSchema = z.object({
  balance: usdtText(),
  commission: usdtText(),
  /** Whether moving commission to balance is open (a setting may close it). */
  commission_transfer: z.boolean(),
});

export type WalletInfo = z.infer<typeof walletInfoSchema>;

/** Filters of 资金明细: kind, account and the days of `created_at` (on the `tz` clock), both included. */
export const ledgerFilterSchema = z.object({
  kind: z.enum(LEDGER_KINDS).optional(),
  account: z.enum(LEDGER_ACCOUNTS).optional(),
  ...dayFilterFields,
});

export const ledgerListQuerySchema = pageQuerySchema
  .extend({ sort: z.enum(LEDGER_SORTS).default('-id'), ...ledgerFilterSchema.shape })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'before from' });

export type LedgerListQuery = z.input<typeof ledgerListQuerySchema>;

export const ledgerCsvQuerySchema = ledgerFilterSchema
  .extend({ lang: z.enum(['zh-CN', 'en-US']).default('zh-CN'), tz: csvQueryFields.tz })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'before from' });

export const ledgerEntryRowSchema = z.object({
  id: z.number().int(),
  account: z.enum(LEDGER_ACCOUNTS),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: money in is positive, money out negative. */
  amount: usdtText(),
  balance_after: usdtText(),
  ref_type: storableString(),
  ref_id: storableString(),
  note: storableString(),
  created_at: storableString(),
});

export type LedgerEntryRow = z.infer<typeof ledgerEntryRowSchema>;

export const ledgerPageSchema = pageSchema(ledgerEntryRowSchema);

export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const commissionTransferBodySchema = z.object({
  amount: usdtAmount(),
  /** The page's id for this one transfer: a double submit or a retry moves the money once. */
  request_id: z.uuid().optional(),
});

export type CommissionTransferBody = z.input<typeof commissionTransferBodySchema>;
