/**
 * Plain values of ledger without zod (ledger-schemas.ts builds the schemas from them), so that web
 * pages can import them without loading the schemas. ledger.ts re-exports them.
 */

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

export const LEDGER_SORTS = ['-id', 'id'] as const;
