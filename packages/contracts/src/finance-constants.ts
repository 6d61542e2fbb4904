/**
 * Plain values of finance without zod (finance-schemas.ts builds the schemas from them), so that web
 * pages can import them without loading the schemas. finance.ts re-exports them.
 */

export const RECHARGE_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;

export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

export const TRANSFER_STATUSES = ['matched', 'unmatched', 'assigned'] as const;

export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;

export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const FINANCE_STATUS_LABELS: Record<
  RechargeStatus | TransferStatus | WithdrawalStatus,
  { zh: string; en: string }
> = {
  pending: { zh: '待处理', en: 'Pending' },
  paid: { zh: '已支付', en: 'Paid' },
  expired: { zh: '已过期', en: 'Expired' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  matched: { zh: '已匹配', en: 'Matched' },
  unmatched: { zh: '未匹配', en: 'Unmatched' },
  assigned: { zh: '已指派', en: 'Assigned' },
  approved: { zh: '已批准', en: 'Approved' },
  rejected: { zh: '已拒绝', en: 'Rejected' },
};

/** The finance lists' sorts (the table's sortable columns; `-` descending), newest first by default. */
export const RECHARGE_SORTS = ['-id', 'id', '-payable', 'payable', '-paid_at', 'paid_at'] as const;

export const WITHDRAWAL_SORTS = ['-id', 'id', '-amount', 'amount', '-paid_at', 'paid_at'] as const;

export const TRANSFER_SORTS = ['-id', 'id', '-amount', 'amount', '-block_time', 'block_time'] as const;

/** The audit trail's actions of USDT addresses, recharges, transfers and withdrawals (audit.ts gathers every area's; the web labels each). */
export const FINANCE_AUDIT_ACTIONS = [
  'usdt_address.create',
  'usdt_address.update',
  'recharge.cancel',
  'recharge.mark_paid',
  'usdt_transfer.assign',
  'usdt_transfer.vanished',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.mark_paid',
  'withdrawal.chain_verified',
] as const;
