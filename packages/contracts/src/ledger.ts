import { z } from 'zod';
import { csvQueryFields, dayFilterFields } from './csv-schemas.js';
import { defineApi, endpoint, pathsOf } from './endpoint.js';
import { pageQuerySchema, pageSchema } from './envelope.js';
import { usdtAmount, usdtText } from './money.js';
import { storableString } from './text.js';

/** A user's two money accounts: `balance` (spendable) and `commission` (earned from invitees). */
export const LEDGER_ACCOUNTS = ['balance', 'commission'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * Why money moved. Each kind has a direction (the ledger service refuses the wrong sign), except the
 * two that go both ways: `commission_transfer` (out of commission, into balance) and `admin_adjustment`.
 */
export const LEDGER_KINDS = [
  'recharge',
  'withdrawal_hold',
  'withdrawal_release',
  'order_payment',
  'refund',
  'commission',
  'commission_reversal',
  'commission_transfer',
  'admin_adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How pages and CSV files name the kinds and accounts (资金明细, the users back office). */
export const LEDGER_KIND_LABELS: Record<LedgerKind, { zh: string; en: string }> = {
  recharge: { zh: '充值', en: 'Recharge' },
  withdrawal_hold: { zh: '提现冻结', en: 'Withdrawal hold' },
  withdrawal_release: { zh: '提现退回', en: 'Withdrawal returned' },
  order_payment: { zh: '订单支付', en: 'Order payment' },
  refund: { zh: '退款', en: 'Refund' },
  commission: { zh: '邀请佣金', en: 'Commission' },
  commission_reversal: { zh: '佣金扣回', en: 'Commission reversed' },
  commission_transfer: { zh: '佣金转余额', en: 'Commission to balance' },
  admin_adjustment: { zh: '管理员调整', en: 'Adjustment by admin' },
};
export const LEDGER_ACCOUNT_LABELS: Record<LedgerAccount, { zh: string; en: string }> = {
  balance: { zh: '余额', en: 'Balance' },
  commission: { zh: '佣金', en: 'Commission' },
};

export const walletInfoSchema = z.object({
  balance: usdtText(),
  commission: usdtText(),
  /** Whether moving commission to balance is open (a setting may close it). */
  commission_transfer: z.boolean(),
});
export type WalletInfo = z.infer<typeof walletInfoSchema>;

export const LEDGER_SORTS = ['-id', 'id'] as const;

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

/** The signed-in user's own wallet (我的账号 → 我的钱包); client sessions have none (ACCESS.account). */
export const WALLET_API = defineApi('wallet', {
  info: endpoint({
    method: 'GET',
    path: '/api/v1/api2/wallet/info',
    access: 'account',
    summary: "The caller's balance and commission",
    response: walletInfoSchema,
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/api/v1/api2/wallet/ledger',
    access: 'account',
    summary: "A page of the caller's ledger entries (资金明细)",
    query: ledgerListQuerySchema,
    response: ledgerPageSchema,
  }),
  /** A CSV file of every filtered entry, not the envelope. */
  ledgerCsv: endpoint({
    method: 'GET',
    path: '/api/v1/api2/wallet/ledgerCsv',
    access: 'account',
    summary: "The caller's filtered ledger entries as a CSV file",
    file: true,
    query: ledgerCsvQuerySchema,
    response: z.never(),
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/api/v1/api2/wallet/transferCommission',
    access: 'account',
    summary: 'Move an amount of commission to the balance',
    body: commissionTransferBodySchema,
    response: walletInfoSchema,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const WALLET_PATHS = pathsOf(WALLET_API);
